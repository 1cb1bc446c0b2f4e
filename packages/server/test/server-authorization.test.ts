import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveAuthorization } from '../../servers/test/support/approve-authorization.ts';
import type { TestAuthorizationServer } from '../../servers/test/support/oidc-authorization-server.ts';
import { openSecret } from '../src/auth/secret-box.ts';
import { authorizeServer } from '../src/cli/authorize-server.ts';
import { gatewayClient } from '../src/cli/gateway-client.ts';
import { connectOAuthServer } from './support/connect-oauth-server.ts';
import { cookiesOf, readSse, type SseMessage } from './support/http-client.ts';
import {
  outliveAccessToken,
  type ProtectedShopStack,
  startProtectedShopStack,
} from './support/protected-shop-stack.ts';
import type { QueuedModel } from './support/queued-model.ts';
import { KEYS, type TestGateway } from './support/test-gateway.ts';

type Client = TestGateway['alice'];

/** The gateway connects each user to a server that authorizes with OAuth, against a real authorization server. */
describe('gateway authorization: one OAuth connection per user (oidc-provider in front of the shop)', () => {
  let stack: ProtectedShopStack;
  let authorizationServer: TestAuthorizationServer;
  let model: QueuedModel;
  let gw: TestGateway;
  let shopId: string;

  beforeAll(async () => {
    stack = await startProtectedShopStack();
    ({ authorizationServer, model, gateway: gw } = stack);
    shopId = stack.serverIds.shop;
  });
  afterAll(() => stack?.close());

  const authorization = async (client: Client) =>
    ((await client.get('/servers')).body.items as Array<{ authorization: string }>)[0].authorization;

  /** Connects the shop as `login`: authorize, the authorization server's pages, the callback. */
  const connect = (client: Client, login: string) => connectOAuthServer(gw.url, client, shopId, login);

  /** The user's OAuth state, decrypted as the gateway does. */
  const storedState = (userId: string) => stack.storedState(userId, shopId);

  /** A turn whose model calls the shop's `get_cart`; resolves with the stream and the tool result the model saw. */
  const cartTurn = (client: Client) => stack.shopToolTurn(client, 'get_cart');
  const notices = (events: SseMessage[]) =>
    events.filter(
      (event) => event.data.type === 'CUSTOM' && event.data.name === 'server_needs_authorization',
    );

  it('connects a user through the API: authorize, the authorization page, the callback', async () => {
    expect(await authorization(gw.alice)).toBe('required');
    const { page, url } = await connect(gw.alice, 'alice');

    expect(url.searchParams.get('redirect_uri')).toBe(`${gw.url}/oauth/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(stack.shopUrl);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('shop is connected. You can close this window.');
    const { state } = await storedState('alice');
    expect(html).not.toContain(String(state.tokens?.access_token));
    expect(decodeJwt(String(state.tokens?.access_token))).toMatchObject({ sub: 'alice', aud: stack.shopUrl });
    expect(await authorization(gw.alice)).toBe('connected');
    expect(await authorization(gw.bob)).toBe('required');

    const replay = await fetch(`${gw.url}/oauth/callback?code=x&state=${url.searchParams.get('state')}`);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('unknown, expired or already used');
  });

  it("uses a user's own token in their turns; a user who has not connected gets no tools and a Connect notice", async () => {
    const alice = await cartTurn(gw.alice);
    expect(alice.toolNames.some((name) => name.startsWith('shop_'))).toBe(true);
    expect(alice.seen).toMatch(/user\\?"\s*:\s*\\?"alice/);
    expect(notices(alice.events)).toEqual([]);

    const bob = await cartTurn(gw.bob);
    expect(bob.toolNames.filter((name) => name.startsWith('shop_'))).toEqual([]);
    expect(notices(bob.events).map((event) => event.data.value)).toEqual([
      {
        server: 'shop',
        server_id: shopId,
        message: 'Connect shop to use its tools',
        authorize: `/servers/${shopId}/authorize`,
      },
    ]);
    const direct = await gw.bob.post(`/servers/${shopId}/tools/call`, { name: 'get_cart', arguments: {} });
    expect(direct.status).toBe(409);
    expect(direct.body.error).toMatchObject({
      code: 'authorization_required',
      authorize: `/servers/${shopId}/authorize`,
    });

    const aliceDirect = await gw.alice.post(`/servers/${shopId}/tools/call`, {
      name: 'get_cart',
      arguments: {},
    });
    expect(JSON.parse(aliceDirect.body.content)).toMatchObject({ user: 'alice' });
  });

  it('keeps the credentials encrypted at rest, bound to their user and server', async () => {
    const { sealed, state } = await storedState('alice');
    const token = String(state.tokens?.access_token);
    expect(token.length).toBeGreaterThan(20);
    expect(sealed).not.toContain(token);
    expect(sealed).not.toContain('access_token');
    expect(Buffer.from(sealed.slice(3), 'base64').toString('latin1')).not.toContain(token);
    expect(() => openSecret(randomBytes(32), sealed, `server-credentials:alice:${shopId}`)).toThrow(
      /secret key/,
    );
    expect(() => stack.openState(sealed, 'bob', shopId)).toThrow(/secret key/);
  });

  it('refreshes an expired token through the SDK, saving the new one, without asking the user again', async () => {
    authorizationServer.accessTokenTtl = 1;
    try {
      await connect(gw.admin, 'admin');
      const first = (await storedState('admin')).state.tokens;
      expect((await cartTurn(gw.admin)).seen).toMatch(/user\\?"\s*:\s*\\?"admin/);
      await outliveAccessToken(String(first?.access_token));

      const again = await cartTurn(gw.admin);
      expect(again.seen).toMatch(/user\\?"\s*:\s*\\?"admin/);
      expect(notices(again.events)).toEqual([]);
      const second = (await storedState('admin')).state.tokens;
      expect(second?.access_token).not.toBe(first?.access_token);
      expect(second?.refresh_token).not.toBe(first?.refresh_token);
    } finally {
      authorizationServer.accessTokenTtl = 300;
    }
  });

  it('disconnects: revokes the grant at the authorization server, forgets the credentials, and turns need Connect again', async () => {
    const { state } = await storedState('alice');
    const disconnected = await gw.alice.delete(`/servers/${shopId}/authorization`);
    expect(disconnected.body).toEqual({ success: true, revoked: true });
    expect(await authorization(gw.alice)).toBe('required');
    const { rows } = await gw.gateway.services.db.query(
      "SELECT 1 FROM server_credentials WHERE user_id = 'alice'",
    );
    expect(rows).toEqual([]);

    const refresh = await fetch(`${authorizationServer.issuer}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: String(state.tokens?.refresh_token),
        client_id: String(state.client?.client_id),
      }),
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });

    const turn = await cartTurn(gw.alice);
    expect(turn.toolNames.filter((name) => name.startsWith('shop_'))).toEqual([]);
    expect(notices(turn.events)).toHaveLength(1);
  });

  it('refuses a return_to on another origin, and sends the person back to a local one', async () => {
    const other = await gw.alice.post(`/servers/${shopId}/authorize`, { return_to: '//evil.example/' });
    expect(other.status).toBe(400);
    const back = await gw.alice.post(`/servers/${shopId}/authorize`, { return_to: '/c/123' });
    const callback = await approveAuthorization(
      new URL(back.body.authorization_url),
      `${gw.url}/oauth/callback`,
      'alice',
    );
    const redirect = await fetch(`${gw.url}/oauth/callback?${callback}`, {
      redirect: 'manual',
      headers: { cookie: cookiesOf(back.headers) },
    });
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('location')).toBe('/c/123');
    expect(await authorization(gw.alice)).toBe('connected');
  });

  it('connects from the CLI: prints the page, then waits until the callback has stored the tokens', async () => {
    const out = new PassThrough();
    let printed = '';
    const page = new Promise<URL>((resolve) =>
      out.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        const found = /https?:\/\/\S+/.exec(printed);
        if (found) resolve(new URL(found[0]));
      }),
    );
    const waiting = authorizeServer(gatewayClient(gw.url, KEYS.bob), 'shop', out, { pollMs: 50 });
    // The CLI prints the gateway's start link: the browser opening it is the one bound to the flow.
    const opened = await fetch(await page, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const cookie = cookiesOf(opened.headers);
    const location = new URL(String(opened.headers.get('location')));
    const callback = await approveAuthorization(location, `${gw.url}/oauth/callback`, 'bob');
    expect((await fetch(`${gw.url}/oauth/callback?${callback}`, { headers: { cookie } })).status).toBe(200);
    expect(await waiting).toBe(true);
    expect(printed).toContain('shop is connected.');
    expect((await cartTurn(gw.bob)).seen).toMatch(/user\\?"\s*:\s*\\?"bob/);
  });

  it('a server registered without oauth that answers 401 and publishes resource metadata becomes one each user connects', async () => {
    const registered = await gw.admin.post('/servers', { name: 'shop_plain', url: stack.shopUrl });
    expect(registered.status).toBe(201);
    const { id } = (await gw.bob.post('/conversations', {})).body as { id: string };
    model.enqueue({ text: 'Nothing to do.' });
    const events = await readSse(
      await gw.bob.fetch(`/conversations/${id}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ content: 'Hello' }),
      }),
    );
    expect(notices(events).map((event) => event.data.value.server)).toContain('shop_plain');
    const plain = ((await gw.bob.get('/servers')).body.items as Array<Record<string, unknown>>).find(
      (item) => item.name === 'shop_plain',
    );
    expect(plain).toMatchObject({ authorization: 'required', transport: { type: 'http', oauth: {} } });
  });

  it('a connected server refusing a call mid-turn (401: token expired, refresh revoked) asks for Connect again', async () => {
    authorizationServer.accessTokenTtl = 1;
    try {
      await connect(gw.admin, 'admin');
      const { state } = await storedState('admin');
      expect((await cartTurn(gw.admin)).seen).toMatch(/user\\?"\s*:\s*\\?"admin/);
      await authorizationServer.revoke(String(state.tokens?.refresh_token), String(state.client?.client_id));
      await outliveAccessToken(String(state.tokens?.access_token));

      const { events } = await cartTurn(gw.admin);
      const call = events.find((event) => event.data.type === 'CUSTOM' && event.data.name === 'tool_call');
      expect(call?.data.value).toMatchObject({ server: 'shop', tool: 'get_cart', needsAuthorization: true });
      // (shop_plain, registered by the test before, still waits for its first Connect.)
      const shopNotices = notices(events).filter((event) => event.data.value.server === 'shop');
      const [notice] = shopNotices;
      expect(notice.data.value).toEqual({
        server: 'shop',
        server_id: shopId,
        message: 'Connect shop to use its tools',
        authorize: `/servers/${shopId}/authorize`,
      });
      expect(shopNotices).toHaveLength(1);
      // Mid-turn: the notice follows the refused call.
      expect(events.indexOf(notice)).toBeGreaterThan(events.indexOf(call as SseMessage));
    } finally {
      authorizationServer.accessTokenTtl = 300;
    }
  });
});
