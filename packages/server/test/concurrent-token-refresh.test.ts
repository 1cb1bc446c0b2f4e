import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { OAuthClientState } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAuthorizationServer } from '../../servers/test/support/oidc-authorization-server.ts';
import { type ProtectedShop, startProtectedShop } from '../../servers/test/support/protected-shop.ts';
import { openSecret } from '../src/auth/secret-box.ts';
import { createGateway, type Gateway } from '../src/index.ts';
import { createLogger } from '../src/observability/create-logger.ts';
import { connectOAuthServer } from './support/connect-oauth-server.ts';
import { type ApiClient, apiClient } from './support/http-client.ts';
import { outliveAccessToken } from './support/protected-shop-stack.ts';
import { queuedModel } from './support/queued-model.ts';
import { postgresUnreachable } from './support/replica-gateways.ts';
import { dropSchema } from './support/test-database.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ALICE_KEY = 'sk-refresh-alice';

const skipped = await postgresUnreachable();
if (skipped) process.stderr.write(`concurrent refresh test skipped: cannot reach ${skipped}\n`);

/**
 * Two gateway replicas on one PostgreSQL database find a user's access token expired at the same
 * moment. The authorization server (oidc-provider) rotates refresh tokens and refuses, and revokes
 * the grant, when one is used twice: the refresh token must go out once, and both replicas go on
 * with the tokens it brought.
 */
describe.skipIf(skipped !== undefined)('a token refresh shared by two gateway replicas', () => {
  const key = randomBytes(32);
  const schema = `sb_refresh_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let protectedShop: ProtectedShop;
  let authorizationServer: TestAuthorizationServer;
  const replicas: Array<{ gateway: Gateway; alice: ApiClient; url: string }> = [];
  let shopId: string;

  async function startReplica() {
    const gateway = await createGateway({
      database: { url: DATABASE_URL, schema, maxConnections: 5 },
      logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      model: queuedModel(),
      users: [{ id: 'alice', name: 'Alice', role: 'user', apiKey: ALICE_KEY }],
      servers: protectedShop.servers,
      secretKey: key,
      limits: { requestsPerMinute: 1000 },
      flushMs: 20,
      pollMs: 200,
    });
    const url = await gateway.listen(0);
    const replica = { gateway, url, alice: apiClient(url, ALICE_KEY) };
    replicas.push(replica);
    return replica;
  }

  beforeAll(async () => {
    protectedShop = await startProtectedShop();
    ({ authorizationServer } = protectedShop);
    await startReplica();
    await startReplica();
    shopId = ((await replicas[0].alice.get('/servers')).body.items as Array<{ id: string }>)[0].id;
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.gateway.close();
    await protectedShop?.close();
    await dropSchema(DATABASE_URL, schema);
  });

  async function storedState(): Promise<OAuthClientState> {
    const { rows } = await replicas[0].gateway.services.db.query<{ sealed_state: string }>(
      'SELECT sealed_state FROM server_credentials WHERE user_id = $1 AND server_id = $2',
      ['alice', shopId],
    );
    const state = JSON.parse(openSecret(key, rows[0].sealed_state, `server-credentials:alice:${shopId}`));
    return state as OAuthClientState;
  }

  const cart = (client: ApiClient) =>
    client.post(`/servers/${shopId}/tools/call`, { name: 'get_cart', arguments: {} });

  it('sends the refresh token once; both replicas go on with the new tokens', async () => {
    const [a, b] = replicas;
    authorizationServer.accessTokenTtl = 1;
    expect((await connectOAuthServer(a.url, a.alice, shopId, 'alice')).page.status).toBe(200);
    const first = (await storedState()).tokens;
    await outliveAccessToken(String(first?.access_token));

    // Both replicas meet the expired token while the authorization server is still answering the first refresh.
    authorizationServer.accessTokenTtl = 300;
    authorizationServer.tokenDelayMs = 500;
    const before = authorizationServer.tokenRequests;
    const [onA, onB] = await Promise.all([cart(a.alice), cart(b.alice)]);

    expect([onA.status, onB.status]).toEqual([200, 200]);
    expect(JSON.parse(onA.body.content)).toMatchObject({ user: 'alice' });
    expect(JSON.parse(onB.body.content)).toMatchObject({ user: 'alice' });
    expect(authorizationServer.tokenRequests - before).toBe(1);
    const { tokens: second, client } = await storedState();
    expect(second?.refresh_token).not.toBe(first?.refresh_token);

    // The grant survived (a refresh token used twice would have revoked it): the new one still works.
    authorizationServer.tokenDelayMs = 0;
    const refreshed = await fetch(`${authorizationServer.issuer}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: String(second?.refresh_token),
        client_id: String(client?.client_id),
      }),
    });
    expect(refreshed.status).toBe(200);
  });
});

/** One replica (PGlite) whose open session meets the expired token on two requests at once. */
describe('a token refresh shared by two requests of one replica', () => {
  const key = randomBytes(32);
  let protectedShop: ProtectedShop;
  let authorizationServer: TestAuthorizationServer;
  let gateway: Gateway;
  let alice: ApiClient;
  let url: string;

  beforeAll(async () => {
    protectedShop = await startProtectedShop();
    ({ authorizationServer } = protectedShop);
    gateway = await createGateway({
      database: { dataDir: join(protectedShop.dataDir, 'db') },
      logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      model: queuedModel(),
      users: [{ id: 'alice', name: 'Alice', role: 'user', apiKey: ALICE_KEY }],
      servers: protectedShop.servers,
      secretKey: key,
      limits: { requestsPerMinute: 1000 },
    });
    url = await gateway.listen(0);
    alice = apiClient(url, ALICE_KEY);
  });

  afterAll(async () => {
    await gateway?.close();
    await protectedShop?.close();
  });

  it('sends the refresh token once', async () => {
    const shopId = ((await alice.get('/servers')).body.items as Array<{ id: string }>)[0].id;
    const cart = () => alice.post(`/servers/${shopId}/tools/call`, { name: 'get_cart', arguments: {} });
    authorizationServer.accessTokenTtl = 1;
    expect((await connectOAuthServer(url, alice, shopId, 'alice')).page.status).toBe(200);
    expect((await cart()).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_100));

    authorizationServer.accessTokenTtl = 300;
    authorizationServer.tokenDelayMs = 500;
    const before = authorizationServer.tokenRequests;
    const answers = await Promise.all([cart(), cart()]);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(authorizationServer.tokenRequests - before).toBe(1);
  });
});
