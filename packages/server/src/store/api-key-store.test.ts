import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import type { Database } from '../storage/database.ts';
import { migrate } from '../storage/migrate.ts';
import { MIGRATIONS } from '../storage/migrations.ts';
import { findUserByApiKey } from './api-key-store.ts';
import { upsertUser } from './user-store.ts';

describe('configured API keys (users[].apiKey), as each replica seeds them at startup', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestPglite();
    await migrate(db, MIGRATIONS);
  });
  afterAll(() => db?.close());

  it('seeds the same key from two replicas at once into one working key', async () => {
    const seed = { id: 'erin', name: 'Erin', role: 'user' as const, apiKey: 'sk-erin-configured' };
    await Promise.all([upsertUser(db, seed), upsertUser(db, seed)]);
    await upsertUser(db, seed);
    const { rows } = await db.query('SELECT user_id FROM api_keys WHERE configured');
    expect(rows).toEqual([{ user_id: 'erin' }]);
    expect((await findUserByApiKey(db, 'sk-erin-configured'))?.id).toBe('erin');
  });

  it("refuses a configured key that is already another user's, naming the user", async () => {
    await upsertUser(db, { id: 'fay', name: 'Fay', role: 'user', apiKey: 'sk-fay' });
    await expect(upsertUser(db, { id: 'gus', name: 'Gus', role: 'user', apiKey: 'sk-fay' })).rejects.toThrow(
      `the configured API key of user "gus" is already another user's key`,
    );
    expect((await findUserByApiKey(db, 'sk-fay'))?.id).toBe('fay');
  });
});
