import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAuthorizationServer } from '../../servers/test/support/oidc-authorization-server.ts';
import {
  accessTokenFor,
  authorizeEndpoint,
  initializeWith,
  type OAuthEndpointStack,
  startOAuthEndpointStack,
} from './support/endpoint-oauth.ts';
import { apiClient } from './support/http-client.ts';
import { KEYS, type TestGateway, withGatewayBeside } from './support/test-gateway.ts';
import type { TestMcpServer } from './support/test-mcp-server.ts';

/** A configured API key that happens to have the shape of a JWT (three base64url parts). */
const JWT_SHAPED_KEY = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJrZXllZCJ9.c2lnbmF0dXJlLW9mLWEta2V5';

/**
 * Users an administrator creates through the API sign in to `/mcp` with an authorization server's
 * access tokens through the `oauth_subjects` they list (stored in the database), with no change to
 * the configuration and no restart.
 */
describe('/mcp OAuth subjects of users created through the API (oidc-provider)', () => {
  let stack: OAuthEndpointStack;
  let authorizationServer: TestAuthorizationServer;
  let tools: TestMcpServer;
  let gw: TestGateway;
  let endpoint: URL;

  beforeAll(async () => {
    stack = await startOAuthEndpointStack({
      subjects: { 'alice-sso': 'alice' },
      gateway: {
        users: [
          { id: 'admin', name: 'Admin', role: 'admin', apiKey: KEYS.admin },
          { id: 'alice', name: 'Alice', role: 'user', apiKey: KEYS.alice },
          { id: 'keyed', name: 'Keyed', role: 'user', apiKey: JWT_SHAPED_KEY },
        ],
      },
    });
    ({ authorizationServer, tools, gateway: gw, endpoint } = stack);
  });
  afterAll(() => stack?.close());

  const tokenFor = (login: string) => accessTokenFor(authorizationServer.issuer, login, `${gw.url}/mcp`);

  /** A user created with POST /users listing `subjects`, with a private server only they see. */
  async function createUserWithServer(name: string, subjects: string[]) {
    const created = await gw.admin.post('/users', { name, oauth_subjects: subjects });
    expect(created.status).toBe(201);
    const serverName = `${name}-private`;
    const own = apiClient(gw.url, created.body.api_key);
    expect((await own.post('/servers', { name: serverName, url: tools.url })).status).toBe(201);
    return { id: created.body.id as string, toolPrefix: `${name}_private_` };
  }

  it('lets a user created with POST /users and an OAuth subject use /mcp as themselves: metadata → login → token → tools', async () => {
    const carol = await createUserWithServer('carol', ['carol@sso.example']);
    const { provider } = await authorizeEndpoint(endpoint, 'carol@sso.example');
    const client = await stack.connectWith(provider);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain(`${carol.toolPrefix}echo`);
    const echoed = await client.callTool({ name: `${carol.toolPrefix}echo`, arguments: { text: 'hi' } });
    expect(echoed.isError).toBeFalsy();

    // Someone else's token does not see Carol's server.
    const alice = await stack.connectWith((await authorizeEndpoint(endpoint, 'alice-sso')).provider);
    const aliceTools = (await alice.listTools()).tools.map((tool) => tool.name);
    expect(aliceTools.some((name) => name.startsWith(carol.toolPrefix))).toBe(false);
  });

  it('shows a user’s subjects, never a key: GET /users and GET /users/{id}', async () => {
    const created = await gw.admin.post('/users', { name: 'Dave', oauth_subjects: ['dave-1', 'dave-2'] });
    expect(created.body).toMatchObject({ name: 'Dave', role: 'user', oauth_subjects: ['dave-1', 'dave-2'] });
    const one = await gw.admin.get(`/users/${created.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      id: created.body.id,
      name: 'Dave',
      role: 'user',
      disabled: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      oauth_subjects: ['dave-1', 'dave-2'],
    });
    const configured = await gw.admin.get('/users/alice');
    expect(configured.body).toEqual({
      id: 'alice',
      name: 'Alice',
      role: 'user',
      disabled: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      oauth_subjects: [],
      configured_oauth_subjects: ['alice-sso'],
    });
    const all = await gw.admin.get('/users');
    expect(all.body.items).toContainEqual(one.body);
    expect(JSON.stringify(all.body)).not.toMatch(/api_key|sk-sb-|sk-test-/);
    expect((await gw.admin.get('/users/nobody')).status).toBe(404);
    expect((await gw.alice.get(`/users/${created.body.id}`)).status).toBe(403);
  });

  it('refuses a subject another user holds with 409 naming them, in the database or the configuration', async () => {
    const erin = await gw.admin.post('/users', { name: 'Erin', oauth_subjects: ['erin@sso.example'] });
    expect(erin.status).toBe(201);
    const before = (await gw.admin.get('/users')).body.items.length;

    const taken = await gw.admin.post('/users', {
      name: 'Erin 2',
      oauth_subjects: ['new-one', 'erin@sso.example'],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      code: 'oauth_subject_taken',
      subject: 'erin@sso.example',
      owner: erin.body.id,
    });
    expect(taken.body.error.message).toContain(
      `the OAuth subject "erin@sso.example" is already user "${erin.body.id}"'s`,
    );

    const configured = await gw.admin.post('/users', { name: 'Mallory', oauth_subjects: ['alice-sso'] });
    expect(configured.status).toBe(409);
    expect(configured.body.error.message).toContain('belongs to the configured user "alice"');
    // Neither refusal left a user behind.
    expect((await gw.admin.get('/users')).body.items.length).toBe(before);

    const frank = await gw.admin.post('/users', { name: 'Frank' });
    const patched = await gw.admin.patch(`/users/${frank.body.id}`, { oauth_subjects: ['erin@sso.example'] });
    expect(patched.status).toBe(409);
    expect((await gw.admin.get(`/users/${frank.body.id}`)).body.oauth_subjects).toEqual([]);
    expect((await gw.admin.get(`/users/${erin.body.id}`)).body.oauth_subjects).toEqual(['erin@sso.example']);

    const invalid = await gw.admin.patch(`/users/${frank.body.id}`, { oauth_subjects: ['x', 'x'] });
    expect(invalid.status).toBe(400);
    expect((await gw.alice.patch(`/users/${frank.body.id}`, { oauth_subjects: ['y'] })).status).toBe(403);
  });

  it('answers 403 once a subject is removed, and lets the subject in again where it is added', async () => {
    const grace = await createUserWithServer('grace', ['grace@sso.example']);
    const token = await tokenFor('grace@sso.example');
    expect((await initializeWith(endpoint, token)).status).toBe(200);

    const removed = await gw.admin.patch(`/users/${grace.id}`, { oauth_subjects: ['grace-new'] });
    expect(removed.status).toBe(200);
    expect(removed.body.oauth_subjects).toEqual(['grace-new']);
    const refused = await initializeWith(endpoint, token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      '"grace@sso.example" (the access token\'s sub) is not a user of this gateway',
    );
    // A user listing subjects is not reached by a token whose subject is their id either.
    expect((await initializeWith(endpoint, await tokenFor(grace.id))).status).toBe(403);

    const henry = await createUserWithServer('henry', []);
    // A user listing no subjects is not reached by a token whose subject is their id.
    expect((await initializeWith(endpoint, await tokenFor(henry.id))).status).toBe(403);
    expect(
      (await gw.admin.patch(`/users/${henry.id}`, { oauth_subjects: ['grace@sso.example'] })).status,
    ).toBe(200);
    const asHenry = await stack.connectWith(
      (await authorizeEndpoint(endpoint, 'grace@sso.example')).provider,
    );
    const names = (await asHenry.listTools()).tools.map((tool) => tool.name);
    expect(names.some((name) => name.startsWith(henry.toolPrefix))).toBe(true);
    expect(names.some((name) => name.startsWith(grace.toolPrefix))).toBe(false);
  });

  it('tries API keys before access tokens: a configured key shaped like a JWT is a key', async () => {
    expect((await initializeWith(endpoint, JWT_SHAPED_KEY)).status).toBe(200);
    const keyed = await stack.connectWithKey(JWT_SHAPED_KEY);
    // A request after initialize is authenticated again, with the same key.
    expect((await keyed.listTools()).tools).toBeInstanceOf(Array);
    // An unknown JWT-shaped token is still verified as an access token (and refused as one).
    const forged = await initializeWith(endpoint, `${JWT_SHAPED_KEY}x`);
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('refuses OAuth subjects with 400 on a gateway without an authorization server', async () => {
    await withGatewayBeside(gw, {}, async (url) => {
      const refused = await apiClient(url, KEYS.admin).post('/users', {
        name: 'Ivy',
        oauth_subjects: ['ivy'],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('oauth_not_configured');
      expect(refused.body.error.message).toContain('mcpAuthorization');
    });
  });
});
