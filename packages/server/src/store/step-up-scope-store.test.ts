import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import type { Database } from '../storage/database.ts';
import { migrate } from '../storage/migrate.ts';
import { saveServerCredential } from './server-credential-store.ts';
import { addStepUpScope, clearStepUpScope, stepUpScopeOf } from './step-up-scope-store.ts';

describe('the scope a server asked a user to step up to', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestPglite();
    await migrate(db);
    await db.query("INSERT INTO users (id, name, role) VALUES ('ann', 'Ann', 'user'), ('bo', 'Bo', 'user')");
    await db.query(
      `INSERT INTO mcp_servers (id, name, transport) VALUES
         ('srv_a', 'a', '{"type":"http","url":"http://127.0.0.1:9/mcp"}'),
         ('srv_b', 'b', '{"type":"http","url":"http://127.0.0.1:8/mcp"}')`,
    );
    for (const [user, server] of [
      ['ann', 'srv_a'],
      ['ann', 'srv_b'],
      ['bo', 'srv_a'],
    ])
      await saveServerCredential(db, user, server, { sealed: 'v1:x', hasTokens: true });
  });
  afterAll(() => db.close());

  it('gathers the scopes asked for, one of each, for that user and server alone, until cleared', async () => {
    await addStepUpScope(db, 'ann', 'srv_a', 'mcp shop:checkout');
    await addStepUpScope(db, 'ann', 'srv_a', 'mcp  shop:refund');
    expect(await stepUpScopeOf(db, 'ann', 'srv_a')).toBe('mcp shop:checkout shop:refund');
    expect(await stepUpScopeOf(db, 'ann', 'srv_b')).toBeUndefined();
    expect(await stepUpScopeOf(db, 'bo', 'srv_a')).toBeUndefined();

    await clearStepUpScope(db, 'ann', 'srv_a');
    expect(await stepUpScopeOf(db, 'ann', 'srv_a')).toBeUndefined();
  });

  it('keeps nothing for a user who holds no credentials for the server', async () => {
    await addStepUpScope(db, 'bo', 'srv_b', 'mcp');
    expect(await stepUpScopeOf(db, 'bo', 'srv_b')).toBeUndefined();
  });
});
