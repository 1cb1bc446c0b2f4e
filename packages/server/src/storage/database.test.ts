import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testBackends, testDatabase } from '../../test/support/test-database.ts';
import type { Database } from './database.ts';
import { openDatabase } from './open-database.ts';

describe.each(testBackends())('the database on %s', (backend) => {
  let setup: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    setup = await testDatabase(backend);
    db = await openDatabase(setup.options);
    await db.query("INSERT INTO users (id, name, role) VALUES ('u1', 'Ann', 'user'), ('u2', 'Bo', 'user')");
  });
  afterAll(async () => {
    await db.close();
    await setup.cleanup();
  });

  it('runs one prepared statement again with other parameters', async () => {
    const sql = 'SELECT name, $2::int + 1 AS next FROM users WHERE id = $1';
    expect((await db.query(sql, ['u1', 1])).rows).toEqual([{ name: 'Ann', next: 2 }]);
    expect((await db.query(sql, ['u2', 41])).rows).toEqual([{ name: 'Bo', next: 42 }]);
    expect((await db.query(sql, ['nobody', 0])).rows).toEqual([]);
  });

  it('parses bigint columns as numbers', async () => {
    expect((await db.query('SELECT $1::bigint AS big', [9007199254740991])).rows).toEqual([
      { big: 9007199254740991 },
    ]);
  });

  it('counts the rows a statement touched', async () => {
    const { rowCount } = await db.query("UPDATE users SET name = name WHERE id IN ('u1', 'u2')");
    expect(rowCount).toBe(2);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.transaction((tx) => tx.query("INSERT INTO users (id, name, role) VALUES ('u3', 'Cy', 'user')"));
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO users (id, name, role) VALUES ('u4', 'Di', 'user')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ id: string }>('SELECT id FROM users ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual(['u1', 'u2', 'u3']);
  });

  it('does not commit a transaction in which a statement failed, even when the failure was caught', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO users (id, name, role) VALUES ('u5', 'Ed', 'user')");
        await tx
          .query("INSERT INTO users (id, name, role) VALUES ('u1', 'again', 'user')")
          .catch(() => undefined);
      }),
    ).rejects.toThrow(/rolled back/);
    expect((await db.query('SELECT id FROM users WHERE id = $1', ['u5'])).rows).toEqual([]);
  });

  it('keeps statements sent during another caller’s transaction out of it', async () => {
    let inside!: () => void;
    const insideStarted = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let finish!: () => void;
    const transaction = db
      .transaction(async (tx) => {
        await tx.query("INSERT INTO users (id, name, role) VALUES ('t1', 'Tx', 'user')");
        inside();
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => error.message);
    await insideStarted;
    const outside = db.query("INSERT INTO users (id, name, role) VALUES ('o1', 'Out', 'user')");
    finish();
    expect(await transaction).toBe('rolled back on purpose');
    await outside;
    const { rows } = await db.query<{ id: string }>("SELECT id FROM users WHERE id IN ('t1', 'o1')");
    expect(rows).toEqual([{ id: 'o1' }]);
    await db.query("DELETE FROM users WHERE id = 'o1'");
  });

  it('reports a failing statement and goes on serving', async () => {
    await expect(db.query('SELECT * FROM no_such_table WHERE id = $1', ['x'])).rejects.toThrow(
      /no_such_table/,
    );
    await expect(db.query('SELECT 1 / $1::int AS x', [0])).rejects.toThrow(/division by zero/);
    expect((await db.query('SELECT count(*)::int AS n FROM users WHERE role = $1', ['user'])).rows).toEqual([
      { n: 3 },
    ]);
  });
});
