import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveAuthorization } from '../../servers/test/support/approve-authorization.ts';
import { authorizeServer } from '../src/cli/authorize-server.ts';
import { gatewayClient } from '../src/cli/gateway-client.ts';
import { cookiesOf } from './support/http-client.ts';
import { type ProtectedShopStack, startProtectedShopStack } from './support/protected-shop-stack.ts';
import { KEYS, type TestGateway } from './support/test-gateway.ts';

/**
 * Finding 5 of the security review: the OAuth callback was bound only to `state`, which names the
 * user who started the flow, so a user who sent their authorization link to someone else got that
 * person's tokens stored under their own account. Now a flow is bound to the browser that started
 * it (a cookie, per the OAuth 2.0 Security BCP), and only that browser's callback stores anything.
 */
describe('OAuth flows are bound to the browser that started them', () => {
  let stack: ProtectedShopStack;
  let gw: TestGateway;
  let shopId: string;

  beforeAll(async () => {
    stack = await startProtectedShopStack();
    gw = stack.gateway;
    shopId = stack.serverIds.shop;
  });
  afterAll(() => stack?.close());

  const authorization = async (client: TestGateway['alice']) =>
    ((await client.get(`/servers/${shopId}`)).body as { authorization: string }).authorization;

  it("stores nothing when another person finishes a user's authorization link in their own browser", async () => {
    const started = await gw.bob.post(`/servers/${shopId}/authorize`);
    expect(cookiesOf(started.headers)).toMatch(/switchboard_oauth_browser=/);
    // Bob sends the page to Alice, who signs in at the authorization server as herself.
    const callback = await approveAuthorization(
      new URL(started.body.authorization_url),
      `${gw.url}/oauth/callback`,
      'alice',
    );
    const inAlicesBrowser = await fetch(`${gw.url}/oauth/callback?${callback}`);
    expect(inAlicesBrowser.status).toBe(400);
    expect(await inAlicesBrowser.text()).toContain('started in another browser');
    expect(await authorization(gw.bob)).toBe('required');
    const stored = await gw.gateway.services.db.query<{ has_tokens: boolean }>(
      'SELECT has_tokens FROM server_credentials WHERE user_id = $1',
      ['bob'],
    );
    expect(stored.rows.filter((row) => row.has_tokens)).toEqual([]);

    // A browser with another binding cookie is refused the same way.
    const again = await gw.bob.post(`/servers/${shopId}/authorize`);
    const other = await approveAuthorization(
      new URL(again.body.authorization_url),
      `${gw.url}/oauth/callback`,
      'alice',
    );
    const otherCookie = { cookie: `switchboard_oauth_browser=${'x'.repeat(43)}` };
    expect((await fetch(`${gw.url}/oauth/callback?${other}`, { headers: otherCookie })).status).toBe(400);
    expect(await authorization(gw.bob)).toBe('required');
  });

  it("connects in the browser that asked, and the CLI's start link binds only the first browser that opens it", async () => {
    const out = new PassThrough();
    let printed = '';
    const link = new Promise<URL>((resolve) =>
      out.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        const found = /https?:\/\/\S+/.exec(printed);
        if (found) resolve(new URL(found[0]));
      }),
    );
    const waiting = authorizeServer(gatewayClient(gw.url, KEYS.alice), 'shop', out, {
      pollMs: 50,
      timeoutMs: 60_000,
    });
    const startLink = await link;
    expect(startLink.pathname).toMatch(/^\/oauth\/start\//);
    const first = await fetch(startLink, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const second = await fetch(startLink, { redirect: 'manual' });
    expect(second.status).toBe(400);
    const page = new URL(String(first.headers.get('location')));
    const callback = await approveAuthorization(page, `${gw.url}/oauth/callback`, 'alice');
    const finished = await fetch(`${gw.url}/oauth/callback?${callback}`, {
      headers: { cookie: cookiesOf(first.headers) },
    });
    expect(finished.status).toBe(200);
    expect(await waiting).toBe(true);
    expect(await authorization(gw.alice)).toBe('connected');
  });
});
