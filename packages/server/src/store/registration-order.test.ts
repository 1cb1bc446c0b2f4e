import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import type { Database } from '../storage/database.ts';
import { migrate } from '../storage/migrate.ts';
import { MIGRATIONS } from '../storage/migrations.ts';
import { insertServer, listServerRows, upsertDeploymentServer } from './server-store.ts';
import { createUser, listUsers } from './user-store.ts';

// Registered in one transaction, so every row has the same created_at (as rows written within one
// millisecond have on PGlite, whose clock counts milliseconds): only insertion order can tell them apart.
const NAMES = ['shop', 'open_data', 'calculator_storage', 'weather', 'maps', 'news', 'files', 'git'];

describe('servers and users are listed in the order they were registered', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestPglite();
    await migrate(db);
  });
  afterAll(() => db?.close());

  it('lists servers registered together in registration order, also after one is updated', async () => {
    await db.transaction(async (tx) => {
      for (const name of NAMES)
        await upsertDeploymentServer(tx, { name, transport: { type: 'stdio', command: name } });
    });
    await upsertDeploymentServer(db, {
      name: 'shop',
      description: 'changed',
      transport: { type: 'stdio', command: 'shop' },
    });
    await insertServer(db, { name: 'mine', ownerId: null, transport: { type: 'stdio', command: 'mine' } });
    expect((await listServerRows(db)).map((row) => row.name)).toEqual([...NAMES, 'mine']);
  });

  it('lists users created together in creation order', async () => {
    const names = ['Zoe', 'Ann', 'Max', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'];
    await db.transaction(async (tx) => {
      for (const name of names) await createUser(tx, { name, role: 'user' });
    });
    expect((await listUsers(db)).map((user) => user.name)).toEqual(names);
  });

  it('numbers rows that existed before the migration by their creation time', async () => {
    const fresh = await openTestPglite({ migrated: false });
    try {
      await migrate(
        fresh,
        MIGRATIONS.filter((migration) => migration.version < 13),
      );
      await fresh.query(
        `INSERT INTO mcp_servers (id, name, transport, created_at) VALUES
           ('srv_b', 'second', '{"type":"stdio","command":"b"}', '2026-01-02'),
           ('srv_a', 'first', '{"type":"stdio","command":"a"}', '2026-01-01')`,
      );
      expect(await migrate(fresh)).toEqual(
        MIGRATIONS.filter((migration) => migration.version >= 13).map((migration) => migration.version),
      );
      await upsertDeploymentServer(fresh, { name: 'third', transport: { type: 'stdio', command: 'c' } });
      expect((await listServerRows(fresh)).map((row) => row.name)).toEqual(['first', 'second', 'third']);
    } finally {
      await fresh.close();
    }
  });
});
