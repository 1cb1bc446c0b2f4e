import type { OAuthClientState } from '@switchboard/core';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveAuthorization } from '../../servers/test/support/approve-authorization.ts';
import type { TestAuthorizationServer } from '../../servers/test/support/oidc-authorization-server.ts';
import { connectOAuthServer } from './support/connect-oauth-server.ts';
import { cookiesOf, type SseMessage } from './support/http-client.ts';
import {
  outliveAccessToken,
  type ProtectedShopStack,
  startProtectedShopStack,
} from './support/protected-shop-stack.ts';
import type { TestGateway } from './support/test-gateway.ts';

type Client = TestGateway['alice'];

/**
 * Step-up during a turn: the shop (behind a real oidc-provider) needs `shop:checkout` for its
 * `checkout` tool only; a user who connected with the smaller scope is asked, in the turn, to
 * connect again, and the next authorization asks for the larger scope.
 */
describe('gateway step-up: a tool needing more scope (403 insufficient_scope) mid-turn', () => {
  let stack: ProtectedShopStack;
  let authorizationServer: TestAuthorizationServer;
  let gw: TestGateway;
  let shopId: string;
  let calculatorId: string;

  beforeAll(async () => {
    stack = await startProtectedShopStack({ toolScopes: { checkout: ['shop:checkout'] }, calculator: true });
    ({ authorizationServer, gateway: gw } = stack);
    ({ shop: shopId, calculator: calculatorId } = stack.serverIds);
  });
  afterAll(() => stack?.close());

  /** Connects a server (the shop by default) as `login`; resolves with the authorization page the gateway sent them to. */
  async function connect(client: Client, login: string, serverId = shopId): Promise<URL> {
    const { url, page } = await connectOAuthServer(gw.url, client, serverId, login);
    expect(page.status).toBe(200);
    return url;
  }

  /** The user's OAuth state for a server (the shop by default), decrypted as the gateway does. */
  const storedState = async (userId: string, serverId = shopId): Promise<OAuthClientState> =>
    (await stack.storedState(userId, serverId)).state;
  const authorization = async (client: Client, serverId: string) =>
    ((await client.get('/servers')).body.items as Array<{ id: string; authorization: string }>).find(
      (server) => server.id === serverId,
    )?.authorization;
  const grantedScopes = async (userId: string) =>
    String(decodeJwt(String((await storedState(userId)).tokens?.access_token)).scope).split(' ');

  /** A turn whose model calls one shop tool; resolves with the stream and what the model saw of the call. */
  const toolTurn = (client: Client, tool: string) => stack.shopToolTurn(client, tool);
  const custom = (events: SseMessage[], name: string) =>
    events.filter((event) => event.data.type === 'CUSTOM' && event.data.name === name);

  it('connects with the smaller scope, asks for the larger one mid-turn, and succeeds after the user approves it', async () => {
    const first = await connect(gw.alice, 'alice');
    expect(first.searchParams.get('scope')?.split(' ')).toEqual(['mcp', 'offline_access']);
    expect(await grantedScopes('alice')).not.toContain('shop:checkout');
    await connect(gw.alice, 'alice', calculatorId);
    const aliceCalculator = (await storedState('alice', calculatorId)).tokens;
    await connect(gw.bob, 'bob');
    const bobShop = (await storedState('bob')).tokens;

    const search = await gw.alice.post(`/servers/${shopId}/tools/call`, {
      name: 'search_products',
      arguments: { query: 'milk' },
    });
    const code = JSON.parse(search.body.content).products[0].code;
    await gw.alice.post(`/servers/${shopId}/tools/call`, { name: 'add_to_cart', arguments: { code } });

    // The turn: the call is refused, the model is told why, and the app gets Connect with the scope.
    const refused = await toolTurn(gw.alice, 'checkout');
    const [call] = custom(refused.events, 'tool_call');
    expect(call.data.value).toMatchObject({
      server: 'shop',
      tool: 'checkout',
      needsAuthorization: true,
      requiredScope: 'mcp shop:checkout',
    });
    expect(refused.seen).toContain(
      'the server needs more access than was granted (scope \\"mcp shop:checkout\\"). Connect (authorize) the server again',
    );
    const notices = custom(refused.events, 'server_needs_authorization');
    expect(notices.map((event) => event.data.value)).toEqual([
      {
        server: 'shop',
        server_id: shopId,
        message:
          'shop needs more access for checkout (scope "mcp shop:checkout"): connect it again to grant it',
        authorize: `/servers/${shopId}/authorize`,
        scope: 'mcp shop:checkout',
      },
    ]);
    expect(refused.events.indexOf(notices[0])).toBeGreaterThan(refused.events.indexOf(call));
    // The refusal started no authorization of its own: the tokens are the ones Alice had. The shop
    // shows as to connect (again) until she does: the app's Connect waits for that.
    expect(await grantedScopes('alice')).not.toContain('shop:checkout');
    expect(await authorization(gw.alice, shopId)).toBe('required');
    expect(await authorization(gw.alice, calculatorId)).toBe('connected');
    expect(await authorization(gw.bob, shopId)).toBe('connected');

    // Connect again: the authorization asks for the larger scope; the user approves it at the real AS.
    const again = await connect(gw.alice, 'alice');
    expect(again.searchParams.get('scope')?.split(' ').sort()).toEqual([
      'mcp',
      'offline_access',
      'shop:checkout',
    ]);
    expect(await grantedScopes('alice')).toContain('shop:checkout');
    expect(await authorization(gw.alice, shopId)).toBe('connected');

    const done = await toolTurn(gw.alice, 'checkout');
    expect(custom(done.events, 'server_needs_authorization')).toEqual([]);
    expect(JSON.parse(JSON.parse(done.seen)[0].content)).toMatchObject({
      order: { lines: [expect.objectContaining({ code })] },
    });

    // Alice's other tokens, and Bob's, are untouched; Bob still has the smaller scope.
    expect((await storedState('alice', calculatorId)).tokens).toEqual(aliceCalculator);
    expect((await storedState('bob')).tokens).toEqual(bobShop);
    const bobDirect = await gw.bob.post(`/servers/${shopId}/tools/call`, { name: 'checkout', arguments: {} });
    expect(bobDirect.status).toBe(409);
    expect(bobDirect.body.error).toMatchObject({
      code: 'authorization_required',
      authorize: `/servers/${shopId}/authorize`,
      scope: 'mcp shop:checkout',
    });
    expect((await storedState('bob')).tokens).toEqual(bobShop);
    // Connecting again later keeps what Alice was granted (it never narrows her grant).
    const third = await gw.alice.post(`/servers/${shopId}/authorize`);
    expect(new URL(third.body.authorization_url).searchParams.get('scope')?.split(' ').sort()).toEqual([
      'mcp',
      'offline_access',
      'shop:checkout',
    ]);
  });

  it('a turn refused for a revoked refresh token (401) forgets the dead tokens and does not spoil a Connect under way', async () => {
    authorizationServer.accessTokenTtl = 1;
    try {
      await connect(gw.admin, 'admin');
      const { tokens, client } = await storedState('admin');
      await authorizationServer.revoke(String(tokens?.refresh_token), String(client?.client_id));
      const started = await gw.admin.post(`/servers/${shopId}/authorize`);
      const page = new URL(started.body.authorization_url);
      await outliveAccessToken(String(tokens?.access_token));

      const refused = await toolTurn(gw.admin, 'get_cart');
      const servers = custom(refused.events, 'server_needs_authorization').map(
        (event) => event.data.value.server,
      );
      expect(servers).toContain('shop');
      // The authorization server's invalid_grant was read as such: the dead tokens are forgotten.
      expect(await authorization(gw.admin, shopId)).toBe('required');

      const callback = await approveAuthorization(page, `${gw.url}/oauth/callback`, 'admin');
      const finished = await fetch(`${gw.url}/oauth/callback?${callback}`, {
        headers: { cookie: cookiesOf(started.headers) },
      });
      expect(await finished.text()).toContain('shop is connected');
      expect((await toolTurn(gw.admin, 'get_cart')).seen).toMatch(/user\\?"\s*:\s*\\?"admin/);
    } finally {
      authorizationServer.accessTokenTtl = 300;
    }
  });
});
