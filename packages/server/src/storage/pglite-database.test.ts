import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPgliteDatabase } from './pglite-database.ts';

describe('the embedded database on its own thread', () => {
  it('keeps what was written in its data directory across a close and a reopen', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-pglite-'));
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
    const db = await openPgliteDatabase();
    const sent = db.query('SELECT $1::int AS n', [7]);
    await db.close();
    expect((await sent).rows).toEqual([{ n: 7 }]);
    await expect(db.query('SELECT 1')).rejects.toThrow('the embedded database is closed');
  });

  it('reports PostgreSQL’s error fields, as node-postgres does', async () => {
    const db = await openPgliteDatabase();
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
});
