import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountryDatabase } from './country-database.ts';
import { snapshotDirectory, snapshotFile } from './database-snapshot.ts';

describe('where the open-data snapshot is kept', () => {
  it("is the user's own cache directory, an explicit one first", () => {
    expect(snapshotDirectory({ SWITCHBOARD_CACHE_DIR: '/srv/cache', XDG_CACHE_HOME: '/x' })).toBe(
      '/srv/cache',
    );
    expect(snapshotDirectory({ XDG_CACHE_HOME: '/home/ada/.xdg' })).toBe('/home/ada/.xdg/switchboard');
    expect(snapshotDirectory({})).toMatch(/\/\.cache\/switchboard$/);
  });

  it('is named by what the load puts in the database, so other contents never read it', () => {
    expect(snapshotFile('tables v1', '/c')).toBe(snapshotFile('tables v1', '/c'));
    expect(snapshotFile('tables v1', '/c')).not.toBe(snapshotFile('tables v2', '/c'));
  });
});

describe('the open-data database kept between starts', () => {
  const countCountries = async (database: CountryDatabase) =>
    (await database.query('SELECT count(*)::int AS n FROM countries', [], 1)).rows[0].n;
  let cache: string;
  let previous: string | undefined;
  beforeAll(async () => {
    cache = await mkdtemp(join(tmpdir(), 'switchboard-cache-'));
    previous = process.env.SWITCHBOARD_CACHE_DIR;
    process.env.SWITCHBOARD_CACHE_DIR = cache;
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.SWITCHBOARD_CACHE_DIR;
    else process.env.SWITCHBOARD_CACHE_DIR = previous;
    await rm(cache, { recursive: true, force: true });
  });
  const snapshotOf = async () => {
    const [name, ...others] = await readdir(cache);
    expect(others).toEqual([]);
    const path = join(cache, name);
    return { path, inode: (await stat(path)).ino, head: (await readFile(path)).subarray(0, 2) };
  };

  it('is kept by the first start and loaded, not rebuilt, by the next, with the same rows', async () => {
    const first = await CountryDatabase.start();
    const counted = await countCountries(first);
    await first.close();
    const kept = await snapshotOf();
    expect(kept.path).toMatch(/open-data-[0-9a-f]{24}\.tar\.gz$/);
    expect([...kept.head]).toEqual([0x1f, 0x8b]);

    const second = await CountryDatabase.start();
    expect(await countCountries(second)).toBe(counted);
    await second.close();
    expect(counted).toBeGreaterThan(200);
    expect((await snapshotOf()).inode).toBe(kept.inode);
  });

  it('loads afresh over a snapshot that is not one, and keeps a good one in its place', async () => {
    const { path } = await snapshotOf();
    await writeFile(path, 'not a database');
    const database = await CountryDatabase.start();
    expect(await countCountries(database)).toBeGreaterThan(200);
    await database.close();
    expect([...(await snapshotOf()).head]).toEqual([0x1f, 0x8b]);
  });
});
