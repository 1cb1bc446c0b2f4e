import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Database } from '../../src/storage/database.ts';
import { migrate } from '../../src/storage/migrate.ts';
import { openPgliteDatabase } from '../../src/storage/pglite-database.ts';

const MIGRATIONS = new URL('../../src/storage/migrations.ts', import.meta.url);
/**
 * Where test databases live: memory (`/dev/shm`) where the machine has it, so that copying a
 * template and PostgreSQL's writes and syncs cost no disk; else the temporary directory.
 */
const SCRATCH = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

/** What a new PGlite data directory holds: a new cluster, or a gateway database once migrated. */
export interface FreshPgliteOptions {
  /** The gateway's migrations applied (default true); false: the cluster as PostgreSQL creates it. */
  migrated?: boolean;
  /** Where to put it (default: a new temporary directory). */
  target?: string;
}

const templates = new Map<boolean, Promise<string>>();

/**
 * A new PGlite data directory, at `target` or in a new temporary directory. Creating a PostgreSQL
 * cluster costs PGlite seconds of CPU, and tests create hundreds: the first made on this machine
 * for this PGlite (and these migrations) is kept as a template beside them, named by both, and the
 * others are copies of it — the same files a new one would hold.
 */
export async function freshPgliteDataDir({
  migrated = true,
  target,
}: FreshPgliteOptions = {}): Promise<string> {
  const template = templates.get(migrated) ?? pgliteTemplate(migrated);
  templates.set(migrated, template);
  const dataDir = target ?? (await mkdtemp(join(SCRATCH, 'switchboard-test-')));
  await cp(await template, dataDir, { recursive: true });
  return dataDir;
}

/** The gateway's PGlite database on a fresh data directory (see {@link freshPgliteDataDir}), removed on close. */
export async function openTestPglite(options: Omit<FreshPgliteOptions, 'target'> = {}): Promise<Database> {
  const dataDir = await freshPgliteDataDir(options);
  const db = await openPgliteDatabase({ dataDir });
  return {
    ...db,
    async close() {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function pgliteTemplate(migrated: boolean): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pgliteVersion = JSON.parse(
    await readFile(join(dirname(entry), '..', 'package.json'), 'utf8'),
  ).version;
  const migrations = migrated ? await readFile(MIGRATIONS, 'utf8') : '';
  const key = createHash('sha256').update(`${pgliteVersion}\n${migrations}`).digest('hex').slice(0, 16);
  const path = join(SCRATCH, `switchboard-pglite-template-${key}`);
  if (await isDirectory(path)) return path;
  // Made aside, then renamed: a template is there whole or not at all, whichever process wins.
  const building = await mkdtemp(join(SCRATCH, 'switchboard-pglite-building-'));
  const db = await openPgliteDatabase({ dataDir: building });
  if (migrated) await migrate(db);
  await db.close();
  await rename(building, path).catch(() => rm(building, { recursive: true, force: true }));
  return path;
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}
