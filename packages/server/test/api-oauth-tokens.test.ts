import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JwtIssuer, startJwtIssuer } from '../../core/test/support/jwt-issuer.ts';
import {
  startAuthorizationServer,
  type TestAuthorizationServer,
} from '../../servers/test/support/oidc-authorization-server.ts';
import { accessTokenFor, initializeWith, startSilentAuthorizationServer } from './support/endpoint-oauth.ts';
import { apiClient, type JsonReply } from './support/http-client.ts';
import { type QueuedModel, queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway, withGatewayBeside } from './support/test-gateway.ts';

/**
 * The REST API accepts the access tokens of the authorization server `/mcp` accepts (one
 * authenticator for both): a token for the API's resource (the gateway's base URL) is the gateway
 * user whose OAuth subjects list its subject, and sees only that user's data; a token for `/mcp`,
 * expired, of another issuer or of nobody the gateway knows is refused as the API's JSON errors.
 */
describe('REST API with access tokens of the configured authorization server (oidc-provider)', () => {
  let authorizationServer: TestAuthorizationServer;
  let otherIssuer: JwtIssuer;
  let model: QueuedModel;
  let gw: TestGateway;

  beforeAll(async () => {
    authorizationServer = await startAuthorizationServer({ resourceScopes: 'mcp' });
    model = queuedModel();
    gw = await startTestGateway('pglite', {
      model,
      mcpAuthorization: {
        issuer: authorizationServer.issuer,
        scopes: ['mcp'],
        subjects: { 'alice-sso': 'alice', 'bob-sso': 'bob' },
      },
    });
    otherIssuer = await startJwtIssuer({
      audience: gw.url,
      metadataPath: '/.well-known/oauth-authorization-server',
    });
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await otherIssuer?.close();
    await authorizationServer?.close();
  });

  /** A token from the authorization server as `login` for `resource` (default: the API, the gateway's base URL). */
  const tokenFor = (login: string, resource = gw.url) =>
    accessTokenFor(authorizationServer.issuer, login, resource);

  const idsOf = (reply: JsonReply) => (reply.body.items as Array<{ id: string }>).map((item) => item.id);

  /** A refusal's status, error code, challenge and message, to compare in one expectation. */
  const refusalOf = (reply: JsonReply) => ({
    status: reply.status,
    success: reply.body?.success,
    code: reply.body?.error?.code,
    challenge: reply.headers.get('www-authenticate'),
  });

  it("lets a mapped user's token create, chat in and list their conversations as that user", async () => {
    const token = await tokenFor('alice-sso');
    expect(decodeJwt(token)).toMatchObject({
      iss: authorizationServer.issuer,
      aud: gw.url,
      sub: 'alice-sso',
    });
    const alice = apiClient(gw.url, token);

    const created = await alice.post('/conversations', { title: 'Token-made' });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    model.enqueue({ text: 'Hello from the model.' });
    const chat = await alice.post(`/conversations/${id}/chat`, { content: 'Hi there' });
    expect(chat.status).toBe(200);
    expect(chat.body.success).toBe(true);

    const listed = await alice.get('/conversations');
    expect(listed.status).toBe(200);
    expect(idsOf(listed)).toContain(id);
    expect(idsOf(await alice.get('/api/conversations'))).toContain(id);
    const messages = await alice.get(`/conversations/${id}/messages`);
    expect(messages.body.items.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    // The token is Alice, not someone named after the subject: her API key sees the same conversation.
    expect(idsOf(await gw.alice.get('/conversations'))).toContain(id);
  });

  it("keeps another user's token away from them: Bob's token neither lists, reads nor chats in Alice's conversation", async () => {
    const alice = apiClient(gw.url, await tokenFor('alice-sso'));
    const { id } = (await alice.post('/conversations', { title: 'Alice only' })).body as { id: string };
    const bob = apiClient(gw.url, await tokenFor('bob-sso'));

    const listed = await bob.get('/conversations');
    expect(listed.status).toBe(200);
    expect(idsOf(listed)).not.toContain(id);
    expect((await bob.get(`/conversations/${id}`)).status).toBe(404);
    expect((await bob.post(`/conversations/${id}/chat`, { content: 'let me in' })).status).toBe(404);
    const own = await bob.post('/conversations', { title: 'Bob own' });
    expect(idsOf(await gw.bob.get('/conversations'))).toContain(own.body.id);
    expect(idsOf(await gw.alice.get('/conversations'))).not.toContain(own.body.id);
  });

  it('maps a token through the oauth_subjects of a user created with POST /users', async () => {
    const created = await gw.admin.post('/users', { name: 'Carol', oauth_subjects: ['carol@sso.example'] });
    expect(created.status).toBe(201);
    const carol = apiClient(gw.url, await tokenFor('carol@sso.example'));
    const me = await carol.post('/conversations', { title: 'Carol' });
    expect(me.status).toBe(201);
    const byKey = apiClient(gw.url, created.body.api_key);
    expect(idsOf(await byKey.get('/conversations'))).toEqual([me.body.id]);
  });

  it('refuses a token minted for /mcp (another resource) with 401 invalid_token, though /mcp takes it', async () => {
    const mcpToken = await tokenFor('alice-sso', `${gw.url}/mcp`);
    expect(decodeJwt(mcpToken).aud).toBe(`${gw.url}/mcp`);
    expect((await initializeWith(new URL(`${gw.url}/mcp`), mcpToken)).status).toBe(200);

    const refused = await apiClient(gw.url, mcpToken).get('/conversations');
    expect(refusalOf(refused)).toMatchObject({ status: 401, success: false, code: 'unauthorized' });
    expect(refused.headers.get('www-authenticate')).toMatch(
      /^Bearer realm="switchboard", error="invalid_token"/,
    );
    expect(refused.body.error.message).toBe('the access token was issued for another resource (audience)');
    expect(JSON.stringify(refused.body)).not.toContain(mcpToken);

    // A token for the API is not one for /mcp either.
    expect((await initializeWith(new URL(`${gw.url}/mcp`), await tokenFor('alice-sso'))).status).toBe(401);
  });

  it('takes a /mcp token at the API when the configuration says they are one resource (apiAudience)', async () => {
    const shared = {
      mcpAuthorization: {
        issuer: authorizationServer.issuer,
        subjects: { 'alice-sso': 'alice' },
        apiAudience: ['http://127.0.0.1:9/switchboard/mcp'],
      },
      publicUrl: 'http://127.0.0.1:9/switchboard',
    };
    await withGatewayBeside(gw, shared, async (url) => {
      const mcpToken = await tokenFor('alice-sso', 'http://127.0.0.1:9/switchboard/mcp');
      expect((await apiClient(url, mcpToken).get('/conversations')).status).toBe(200);
      // Behind the proxy the API's own resource is the public URL, not the address reached.
      expect(
        (
          await apiClient(url, await tokenFor('alice-sso', 'http://127.0.0.1:9/switchboard')).get(
            '/conversations',
          )
        ).status,
      ).toBe(200);
      const reached = await apiClient(url, await tokenFor('alice-sso', url)).get('/conversations');
      expect(refusalOf(reached)).toMatchObject({ status: 401, code: 'unauthorized' });
    });
  });

  it('refuses a token of another issuer with 401 invalid_token', async () => {
    const foreign = await otherIssuer.sign({ sub: 'alice-sso' });
    expect(decodeJwt(foreign)).toMatchObject({ aud: gw.url, sub: 'alice-sso' });
    const refused = await apiClient(gw.url, foreign).get('/conversations');
    expect(refusalOf(refused)).toMatchObject({ status: 401, success: false, code: 'unauthorized' });
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('refuses an expired token with 401 invalid_token, and takes a live one of the same issuer', async () => {
    const own = { mcpAuthorization: { issuer: otherIssuer.url, subjects: { 'alice-sso': 'alice' } } };
    await withGatewayBeside(gw, own, async (url) => {
      const live = await otherIssuer.sign({ sub: 'alice-sso', aud: url });
      expect((await apiClient(url, live).get('/conversations')).status).toBe(200);
      const now = Math.floor(Date.now() / 1000);
      const expired = await otherIssuer.sign({ sub: 'alice-sso', aud: url, iat: now - 600, exp: now - 300 });
      const refused = await apiClient(url, expired).get('/conversations');
      expect(refusalOf(refused)).toMatchObject({ status: 401, code: 'unauthorized' });
      expect(refused.body.error.message).toBe('the access token has expired');
      expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    });
  });

  it('answers a valid token of someone no user lists with 403 naming the subject to add; a user id is no subject', async () => {
    const refused = await apiClient(gw.url, await tokenFor('mallory')).get('/conversations');
    expect(refusalOf(refused)).toEqual({ status: 403, success: false, code: 'forbidden', challenge: null });
    expect(refused.body.error.message).toContain(
      '"mallory" (the access token\'s sub) is not a user of this gateway',
    );
    expect(refused.body.error.message).toContain('oauth_subjects');

    const impostor = await apiClient(gw.url, await tokenFor('alice')).get('/conversations');
    expect(impostor.status).toBe(403);
    expect(impostor.body.error.message).toContain('"alice" (the access token\'s sub) is not a user');
  });

  it('answers 503 when the authorization server accepts connections and never answers', async () => {
    const silent = await startSilentAuthorizationServer();
    try {
      await withGatewayBeside(gw, silent.options, async (url) => {
        const refused = await apiClient(url, await otherIssuer.sign({ aud: url })).get('/conversations');
        expect(refusalOf(refused)).toEqual({
          status: 503,
          success: false,
          code: 'authorization_server_unavailable',
          challenge: null,
        });
        expect(refused.body.error.message).toBe('the authorization server could not be reached');
      });
    } finally {
      await silent.close();
    }
  });

  it('still takes API keys (Authorization and X-API-Key), and refuses none or an unknown one with 401', async () => {
    expect((await gw.alice.get('/conversations')).status).toBe(200);
    const viaHeader = await apiClient(gw.url).request('GET', '/conversations', undefined, {
      'x-api-key': KEYS.bob,
    });
    expect(viaHeader.status).toBe(200);

    const unknown = await apiClient(gw.url, 'sk-sb-not-a-key').get('/conversations');
    expect(refusalOf(unknown)).toEqual({
      status: 401,
      success: false,
      code: 'unauthorized',
      challenge:
        'Bearer realm="switchboard", error="invalid_token", error_description="unknown API key", scope="mcp"',
    });
    const anonymous = await apiClient(gw.url).get('/conversations');
    expect(refusalOf(anonymous)).toEqual({
      status: 401,
      success: false,
      code: 'unauthorized',
      challenge: 'Bearer realm="switchboard", scope="mcp"',
    });
    expect(anonymous.body.error.message).toContain(
      `or an access token of ${authorizationServer.issuer} for ${gw.url}`,
    );
  });
});
