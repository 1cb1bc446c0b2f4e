import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { freshPgliteDataDir, openTestPglite } from '../../test/support/pglite-template.ts';
import { openPgliteDatabase } from './pglite-database.ts';

describe('the embedded database on its own thread', () => {
  it('keeps what was written in its data directory across a close and a reopen', async () => {
    const dataDir = await freshPgliteDataDir({ migrated: false });
    try {
      const first = await openPgliteDatabase({ dataDir });
      await first.query('CREATE TABLE notes (body text)');
      await first.query('INSERT INTO notes VALUES ($1)', ['kept']);
      await first.close();
      const second = await openPgliteDatabase({ dataDir });
      expect((await second.query('SELECT body FROM notes')).rows).toEqual([{ body: 'kept' }]);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('runs the statements sent before a close, then refuses new ones with a clear error', async () => {
    // In memory (no data directory), as a library user's gateway without database options runs.
    const db = await openPgliteDatabase();
    const sent = db.query('SELECT $1::int AS n', [7]);
    await db.close();
    expect((await sent).rows).toEqual([{ n: 7 }]);
    await expect(db.query('SELECT 1')).rejects.toThrow('the embedded database is closed');
  });

  it('reports PostgreSQL’s error fields, as node-postgres does', async () => {
    const db = await openTestPglite({ migrated: false });
    try {
      await db.query('CREATE TABLE once (id int PRIMARY KEY)');
      await db.query('INSERT INTO once VALUES (1)');
      await expect(db.query('INSERT INTO once VALUES ($1)', [1])).rejects.toMatchObject({
        code: '23505',
        constraint: 'once_pkey',
      });
    } finally {
      await db.close();
    }
  });

  it('commits statements that waited together in one transaction, each answered with its own rows', async () => {
    const db = await openTestPglite({ migrated: false });
    try {
      // The first statement holds the connection while the others arrive: they wait together.
      const slow = db.query('SELECT pg_sleep($1::float) IS NULL AS slept', [0.05]);
      const waiting = Array.from({ length: 8 }, (_, n) =>
        db.query<{ tx: string; n: number }>('SELECT txid_current()::text AS tx, $1::int AS n', [n]),
      );
      const results = await Promise.all(waiting);
      await slow;
      expect(results.map((result) => result.rows[0].n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(new Set(results.map((result) => result.rows[0].tx)).size).toBeLessThanOrEqual(2);
    } finally {
      await db.close();
    }
  });

  it('keeps one failing statement from undoing the others it waited with', async () => {
    const db = await openTestPglite({ migrated: false });
    try {
      await db.query('CREATE TABLE keys (id int PRIMARY KEY)');
      const slow = db.query('SELECT pg_sleep($1::float)', [0.05]);
      const inserts = [1, 2, 2, 3].map((id) => db.query('INSERT INTO keys VALUES ($1)', [id]));
      const settled = await Promise.allSettled(inserts);
      await slow;
      expect(settled.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
      expect((await db.query('SELECT id FROM keys ORDER BY id')).rows).toEqual([
        { id: 1 },
        { id: 2 },
        { id: 3 },
      ]);
    } finally {
      await db.close();
    }
  });
});
