import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import type { Database } from '../storage/database.ts';
import { migrate } from '../storage/migrate.ts';
import { MIGRATIONS } from '../storage/migrations.ts';
import { issueApiKey, revokeApiKey } from './api-key-store.ts';
import { UserCache } from './user-cache.ts';
import { setOAuthSubjects } from './user-oauth-subjects.ts';
import { createUser, updateUser } from './user-store.ts';

describe('UserCache: users and keys as every replica sees them', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestPglite();
    await migrate(db, MIGRATIONS);
  });
  afterAll(() => db?.close());

  it("forgets a disabled user's key, id and OAuth subject on every replica at once, though the TTL is long", async () => {
    const bus = createMemoryBus();
    const [here, there] = [
      new UserCache(db, { bus, ttlMs: 60_000 }),
      new UserCache(db, { bus, ttlMs: 60_000 }),
    ];
    await Promise.all([here.start(), there.start()]);
    const { user, apiKey } = await createUser(db, { name: 'Dora', role: 'user' });
    await setOAuthSubjects(db, user.id, ['dora@sso']);
    expect(await there.byApiKey(apiKey)).toEqual(user);
    expect(await there.byId(user.id)).toEqual(user);
    expect(await there.byOAuthSubject('dora@sso')).toEqual(user);

    await updateUser(db, user.id, { disabled: true });
    // Without the notice, the other replica still remembers her.
    expect(await there.byApiKey(apiKey)).toEqual(user);
    await here.changed();
    expect(await there.byApiKey(apiKey)).toBeUndefined();
    expect(await there.byId(user.id)).toBeUndefined();
    expect(await there.byOAuthSubject('dora@sso')).toBeUndefined();

    await updateUser(db, user.id, { disabled: false });
    await here.changed();
    expect(await there.byApiKey(apiKey)).toEqual(user);
    await Promise.all([here.close(), there.close()]);
  });

  it('refuses a revoked key on every replica at once, and keeps the user’s other keys', async () => {
    const bus = createMemoryBus();
    const [here, there] = [
      new UserCache(db, { bus, ttlMs: 60_000 }),
      new UserCache(db, { bus, ttlMs: 60_000 }),
    ];
    await Promise.all([here.start(), there.start()]);
    const { user, apiKey } = await createUser(db, { name: 'Eve', role: 'user' });
    const second = await issueApiKey(db, user.id, 'laptop');
    expect(await there.byApiKey(second.key)).toEqual(user);
    await revokeApiKey(db, user.id, second.view.id);
    await here.changed();
    expect(await there.byApiKey(second.key)).toBeUndefined();
    expect(await there.byApiKey(apiKey)).toEqual(user);
    await Promise.all([here.close(), there.close()]);
  });
});
