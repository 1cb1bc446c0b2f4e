import { rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPgliteDataDir } from '../../test/support/pglite-template.ts';
import { checkpointWhenDue, maintainOneTable } from './pglite-maintenance.ts';

/** A PGlite cluster of its own (a copy of a new one), removed on close. */
async function newPglite(): Promise<{ db: PGlite; remove(): Promise<void> }> {
  const dataDir = await freshPgliteDataDir({ migrated: false });
  const db = await PGlite.create(dataDir);
  return {
    db,
    async remove() {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('maintainOneTable', () => {
  let db: PGlite;
  let remove: () => Promise<void>;
  const run = async (sql: string) => {
    const result = await db.query(sql);
    return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
  };
  const activity = async (table: string) => {
    await db.query('SELECT pg_stat_force_next_flush()');
    return (
      await db.query<{ dead: number; analyzed: boolean }>(
        `SELECT n_dead_tup::int AS dead, last_analyze IS NOT NULL AS analyzed
         FROM pg_stat_user_tables WHERE relname = $1`,
        [table],
      )
    ).rows[0];
  };

  beforeAll(async () => {
    ({ db, remove } = await newPglite());
    await db.exec(`
      CREATE TABLE churned (id int PRIMARY KEY, n int);
      INSERT INTO churned SELECT i, 0 FROM generate_series(1, 100) i;
      CREATE TABLE quiet (id int PRIMARY KEY);
      INSERT INTO quiet VALUES (1);
    `);
    await db.query('SELECT pg_stat_force_next_flush()');
    await db.query('ANALYZE');
  });
  afterAll(() => remove());

  it('leaves tables alone until enough of them changed', async () => {
    await db.exec('UPDATE churned SET n = n + 1 WHERE id <= 10');
    expect(await maintainOneTable(run)).toBeUndefined();
  });

  it('vacuums and analyzes a table whose updates left many dead rows, and only that one', async () => {
    for (let round = 0; round < 3; round++) await db.exec('UPDATE churned SET n = n + 1');
    expect((await activity('churned')).dead).toBeGreaterThan(70);

    expect(await maintainOneTable(run)).toBe('VACUUM (ANALYZE) "churned"');
    expect(await activity('churned')).toEqual({ dead: 0, analyzed: true });
    expect(await maintainOneTable(run)).toBeUndefined();
  });

  it('analyzes a table that grew by more than a tenth without leaving dead rows', async () => {
    await db.exec('INSERT INTO quiet SELECT i FROM generate_series(2, 200) i');
    expect(await maintainOneTable(run)).toBe('ANALYZE "quiet"');
  });

  it('takes one table at a time, the one most past its threshold first', async () => {
    await db.exec(`
      CREATE TABLE a (id int); CREATE TABLE b (id int);
      INSERT INTO a SELECT i FROM generate_series(1, 100) i;
      INSERT INTO b SELECT i FROM generate_series(1, 1000) i;
    `);
    expect(await maintainOneTable(run)).toBe('ANALYZE "b"');
    expect(await maintainOneTable(run)).toBe('ANALYZE "a"');
    expect(await maintainOneTable(run)).toBeUndefined();
  });
});

describe('checkpointWhenDue', () => {
  it('checkpoints once enough log has been written since the last checkpoint, and not before', async () => {
    const { db, remove } = await newPglite();
    const run = async (sql: string) => {
      const result = await db.query(sql);
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
    };
    const redo = async () =>
      (await db.query<{ redo: string }>('SELECT redo_lsn::text AS redo FROM pg_control_checkpoint()')).rows[0]
        .redo;
    await db.query('CHECKPOINT');
    const before = await redo();
    await db.exec(
      "CREATE TABLE log (line text); INSERT INTO log SELECT repeat('x', 100) FROM generate_series(1, 100)",
    );
    expect(await checkpointWhenDue(run, 1024 * 1024)).toBe(false);
    expect(await redo()).toBe(before);

    await db.exec("INSERT INTO log SELECT repeat('x', 100) FROM generate_series(1, 20000)");
    expect(await checkpointWhenDue(run, 1024 * 1024)).toBe(true);
    expect(await redo()).not.toBe(before);
    expect(await checkpointWhenDue(run, 1024 * 1024)).toBe(false);
    await remove();
  });
});
