import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Where loaded databases are kept between starts: `$SWITCHBOARD_CACHE_DIR`, else
 * `$XDG_CACHE_HOME/switchboard`, else `~/.cache/switchboard` — the user's own, never a shared
 * directory another account could plant a database in.
 */
export function snapshotDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return env.SWITCHBOARD_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'switchboard');
}

/**
 * The file of the database that `contents` (everything the load puts in it: schema, rows, grants)
 * loads into this PGlite: named by a hash of both, so a new data set, schema or PGlite never reads
 * an old snapshot.
 */
export function snapshotFile(contents: string, directory = snapshotDirectory()): string {
  const key = createHash('sha256').update(`${pgliteVersion()}\n${contents}`).digest('hex').slice(0, 24);
  return join(directory, `open-data-${key}.tar.gz`);
}

/** The installed PGlite's version (its package exports no `package.json`: read beside its entry). */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')).version;
}

/** The snapshot at `file`, or undefined when there is none (or it cannot be read). */
export async function readSnapshot(file: string): Promise<Blob | undefined> {
  const bytes = await readFile(file).catch(() => undefined);
  return bytes && new Blob([bytes]);
}

/**
 * Keeps `db`'s data directory at `file` for the next start (written aside, then renamed: a reader
 * finds it whole or not at all). Best effort: a cache that cannot be written only costs time.
 */
export async function writeSnapshot(db: PGlite, file: string): Promise<void> {
  try {
    const snapshot = await db.dumpDataDir('gzip');
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    await writeFile(partial, new Uint8Array(await snapshot.arrayBuffer()), { mode: 0o600 });
    await rename(partial, file);
  } catch {
    // Unwritable cache directory (a read-only home in a container): the next start loads afresh.
  }
}
