import { rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshPgliteDataDir } from '../../test/support/pglite-template.ts';
import { PgliteSession } from './pglite-session.ts';

describe('statements run as named prepared statements', () => {
  let db: PGlite;
  let dataDir: string;
  let session: PgliteSession;
  beforeEach(async () => {
    dataDir = await freshPgliteDataDir({ migrated: false });
    db = await PGlite.create(dataDir);
    session = new PgliteSession(db);
    await session.run('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, at timestamptz)');
  });
  afterEach(async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('names and types the rows of every run, not only the first (which alone is described)', async () => {
    const select = 'SELECT $1::int AS n, $2::text AS label, $3::timestamptz AS at, $4::jsonb AS doc';
    const at = new Date('2026-11-24T10:00:00Z');
    for (const n of [1, 2, 3]) {
      const { rows } = await session.run(select, [n, `run ${n}`, at, { n }]);
      expect(rows).toEqual([{ n, label: `run ${n}`, at, doc: { n } }]);
    }
  });

  it('refuses parameters for a statement that has no placeholder for them', async () => {
    await expect(session.run('SELECT 1 AS one', [1])).rejects.toThrow(/without \$1/);
  });

  it('binds text as UTF-8 and a null as NULL', async () => {
    const select = 'SELECT $1::text AS text, $2::text IS NULL AS missing, octet_length($1::text) AS bytes';
    expect((await session.run(select, ['héllo 🙂', null])).rows).toEqual([
      { text: 'héllo 🙂', missing: true, bytes: 11 },
    ]);
  });

  it('counts the rows a statement without a result writes, run after run', async () => {
    const insert = 'INSERT INTO notes (body) SELECT unnest($1::text[])';
    expect((await session.run(insert, ['{a,b}'])).rowCount).toBe(2);
    expect(await session.run(insert, ['{c}'])).toEqual({ rows: [], rowCount: 1 });
    expect((await session.run('SELECT body FROM notes ORDER BY id')).rows).toEqual([
      { body: 'a' },
      { body: 'b' },
      { body: 'c' },
    ]);
  });

  it('a first run that fails before it is described still leaves the statement usable', async () => {
    const select = 'SELECT body FROM notes WHERE id = $1::int';
    await expect(session.run(select, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    await session.run('INSERT INTO notes (body) VALUES ($1)', ['kept']);
    expect((await session.run(select, [1])).rows).toEqual([{ body: 'kept' }]);
    expect((await session.run(select, [1])).rows).toEqual([{ body: 'kept' }]);
  });

  it('runs statements in one transaction, each answered with its own rows', async () => {
    const insert = 'INSERT INTO notes (body) VALUES ($1) RETURNING id, txid_current()::text AS tx';
    const count = 'SELECT count(*)::int AS n, txid_current()::text AS tx FROM notes WHERE body <> $1';
    const [first, second, counted] = await session.runInOneTransaction([
      { sql: insert, params: ['a'] },
      { sql: insert, params: ['b'] },
      { sql: count, params: [''] },
    ]);
    expect(first.rows).toEqual([{ id: 1, tx: expect.any(String) }]);
    expect(second.rows).toEqual([{ id: 2, tx: (first.rows[0] as { tx: string }).tx }]);
    expect(counted).toEqual({ rows: [{ n: 2, tx: (first.rows[0] as { tx: string }).tx }], rowCount: 1 });
    // Described once, each statement's later runs are still named and typed.
    const [again] = await session.runInOneTransaction([{ sql: insert, params: ['c'] }]);
    expect(again.rows).toEqual([{ id: 3, tx: expect.any(String) }]);
  });

  it('keeps none of them when one fails, and every statement stays usable', async () => {
    const insert = 'INSERT INTO notes (body) VALUES ($1)';
    const byId = 'SELECT body FROM notes WHERE id = $1::int';
    const later = 'SELECT $1::text AS later';
    await expect(
      session.runInOneTransaction([
        { sql: insert, params: ['lost'] },
        { sql: byId, params: ['not a number'] },
        { sql: later, params: ['never parsed'] },
      ]),
    ).rejects.toMatchObject({ code: '22P02' });
    expect((await session.run('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 0 }]);
    const results = await session.runInOneTransaction([
      { sql: insert, params: ['kept'] },
      { sql: byId, params: [2] },
      { sql: later, params: ['now'] },
    ]);
    expect(results.map((result) => result.rows)).toEqual([[], [{ body: 'kept' }], [{ later: 'now' }]]);
  });
});
