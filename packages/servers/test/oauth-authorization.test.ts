import {
  McpConnection,
  McpConnectionError,
  OAuthSessionProvider,
  type ToolOutput,
} from '@switchboard/core/node';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveAuthorization } from './support/approve-authorization.ts';
import type { TestAuthorizationServer } from './support/oidc-authorization-server.ts';
import { type ProtectedShop, startProtectedShop } from './support/protected-shop.ts';

const REDIRECT_URI = 'http://127.0.0.1/callback';

/** One person with their own OAuth state, approving every authorization page they are sent to. */
class TestUser {
  /** The authorization pages this user was sent to. */
  readonly opened: URL[] = [];
  /** The bearer tokens this user's connections sent to MCP servers. */
  readonly sentTokens = new Set<string>();
  /** Every HTTP exchange of this user's connections (MCP and OAuth), as `STATUS METHOD URL`. */
  readonly exchanges: string[] = [];
  readonly provider: OAuthSessionProvider;
  private readonly login: string;

  constructor(login: string) {
    this.login = login;
    this.provider = new OAuthSessionProvider({
      redirectUrl: REDIRECT_URI,
      clientMetadata: {
        client_name: `Switchboard test (${login})`,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
      openAuthorizationPage: (url) => {
        this.opened.push(url);
      },
    });
  }

  /** A connection to `url` as this user; `approves: false` leaves out `awaitCallback` (no one to ask). */
  connect(url: string, { approves = true, name = 'shop' } = {}): McpConnection {
    return new McpConnection({
      name,
      transport: { type: 'http', url, sseFallback: false },
      authorization: {
        provider: this.provider,
        awaitCallback: approves
          ? () => approveAuthorization(this.opened[this.opened.length - 1], REDIRECT_URI, this.login)
          : undefined,
      },
      fetch: async (input, init) => {
        const authorization = new Headers(init?.headers).get('authorization');
        if (authorization && String(input).startsWith(url)) this.sentTokens.add(authorization.slice(7));
        const response = await fetch(input, init);
        this.exchanges.push(`${response.status} ${init?.method ?? 'GET'} ${String(input)}`);
        return response;
      },
    });
  }

  async tokens() {
    const tokens = await this.provider.tokens();
    if (!tokens) throw new Error(`${this.login} has no tokens`);
    return { ...tokens, claims: decodeJwt(tokens.access_token) };
  }
}

/** A tool's JSON result. */
function json(output: ToolOutput): unknown {
  expect(output.isError).toBe(false);
  return JSON.parse(output.text);
}

const signal = () => AbortSignal.timeout(10_000);

/** Waits until the access token (JWT) has expired at the resource server, to the second. */
async function expiry(accessToken: string): Promise<void> {
  const exp = decodeJwt(accessToken).exp ?? 0;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now() + 100)));
}

describe('MCP authorization against a real authorization server (oidc-provider)', () => {
  let servers: ProtectedShop;
  let authorizationServer: TestAuthorizationServer;
  let shopUrl: string;
  let calculatorUrl: string;

  beforeAll(async () => {
    servers = await startProtectedShop({ toolScopes: { checkout: ['shop:checkout'] }, calculator: true });
    ({ authorizationServer, shopUrl } = servers);
    calculatorUrl = String(servers.calculatorUrl);
    const probe = await fetch(shopUrl.replace('/mcp', '/.well-known/oauth-protected-resource/mcp'));
    expect(await probe.json()).toMatchObject({
      resource: shopUrl,
      authorization_servers: [authorizationServer.issuer],
    });
  });
  afterAll(() => servers?.close());

  /** A product code to put in carts. */
  async function productCode(connection: McpConnection): Promise<string> {
    const found = await connection.callTool('search_products', { query: 'milk' }, { signal: signal() });
    return (json(found) as { products: { code: string }[] }).products[0].code;
  }

  it('first connect: 401, discovery, registration, authorization with PKCE and resource, token, then tools', async () => {
    const alice = new TestUser('alice');
    const connection = alice.connect(shopUrl);
    try {
      const tools = await connection.listTools({ signal: signal() });
      expect(tools.map((tool) => tool.name)).toContain('search_products');
      const found = await connection.callTool('search_products', { query: 'milk' }, { signal: signal() });
      expect(found.isError).toBe(false);
      expect(found.text).toContain('products');

      const metadataUrl = shopUrl.replace('/mcp', '/.well-known/oauth-protected-resource/mcp');
      const issuer = authorizationServer.issuer;
      expect(alice.exchanges.slice(0, 6)).toEqual([
        `401 POST ${shopUrl}`,
        `200 GET ${metadataUrl}`,
        `200 GET ${issuer}/.well-known/oauth-authorization-server`,
        `201 POST ${issuer}/reg`,
        `200 POST ${issuer}/token`,
        `200 POST ${shopUrl}`,
      ]);
      expect(alice.opened).toHaveLength(1);
      const page = alice.opened[0].searchParams;
      expect(page.get('code_challenge_method')).toBe('S256');
      expect(page.get('resource')).toBe(shopUrl);
      expect(page.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp', 'offline_access']));
      const { client_id } = (await alice.provider.clientInformation()) ?? {};
      expect(page.get('client_id')).toBe(client_id);

      const { claims, refresh_token } = await alice.tokens();
      expect(claims).toMatchObject({
        iss: authorizationServer.issuer,
        aud: shopUrl,
        sub: 'alice',
        client_id,
      });
      expect(String(claims.scope).split(' ')).toContain('mcp');
      expect(refresh_token).toBeTruthy();
    } finally {
      await connection.close();
    }
  });

  it('refreshes an expired access token without asking the user again, at the authorization server the resource names now', async () => {
    authorizationServer.accessTokenTtl = 1;
    const bob = new TestUser('bob');
    const connection = bob.connect(shopUrl);
    try {
      await connection.listTools({ signal: signal() });
      const first = await bob.tokens();
      await expiry(first.access_token);

      const exchanges = bob.exchanges.length;
      const found = await connection.callTool('search_products', { query: 'bread' }, { signal: signal() });
      // The resource's metadata is read again after the 401 (SEP-2352: it may name another server now).
      expect(bob.exchanges.slice(exchanges)).toEqual([
        `401 POST ${shopUrl}`,
        `200 GET ${new URL(shopUrl).origin}/.well-known/oauth-protected-resource/mcp`,
        `200 GET ${authorizationServer.issuer}/.well-known/oauth-authorization-server`,
        `200 POST ${authorizationServer.issuer}/token`,
        `200 POST ${shopUrl}`,
      ]);
      expect(found.isError).toBe(false);
      const second = await bob.tokens();
      expect(second.access_token).not.toBe(first.access_token);
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(bob.opened).toHaveLength(1);
    } finally {
      authorizationServer.accessTokenTtl = 300;
      await connection.close();
    }
  });

  it('after the grant is revoked: unauthorized without a way to ask the user, the whole flow again with one', async () => {
    authorizationServer.accessTokenTtl = 1;
    const carol = new TestUser('carol');
    const connection = carol.connect(shopUrl);
    const unattended = carol.connect(shopUrl, { approves: false });
    try {
      await connection.listTools({ signal: signal() });
      const { access_token, refresh_token, claims } = await carol.tokens();
      authorizationServer.accessTokenTtl = 300;
      await authorizationServer.revoke(String(refresh_token), String(claims.client_id));
      await expiry(access_token);

      const refused = await unattended.listTools({ signal: signal() }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(McpConnectionError);
      expect(refused).toMatchObject({ kind: 'unauthorized', server: 'shop' });
      expect((refused as Error).message).toMatch(/requires authorization.*Connect \(authorize\) the server/);
      expect(carol.opened).toHaveLength(2);

      const found = await connection.callTool('search_products', { query: 'cheese' }, { signal: signal() });
      expect(found.isError).toBe(false);
      expect(carol.opened).toHaveLength(3);
      expect((await carol.tokens()).access_token).not.toBe(access_token);
    } finally {
      authorizationServer.accessTokenTtl = 300;
      await connection.close();
      await unattended.close();
    }
  });

  it('refuses a token issued for another resource (RFC 8707 audience)', async () => {
    const dave = new TestUser('dave');
    const calculatorConnection = dave.connect(calculatorUrl, { name: 'calculator-storage' });
    try {
      await calculatorConnection.listTools({ signal: signal() });
    } finally {
      await calculatorConnection.close();
    }
    const { access_token, claims } = await dave.tokens();
    expect(claims.aud).toBe(calculatorUrl);

    const response = await fetch(shopUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain('another resource');
    expect(challenge).toContain(
      `resource_metadata="${shopUrl.replace('/mcp', '/.well-known/oauth-protected-resource/mcp')}"`,
    );
    expect(challenge).toContain('scope="mcp"');
  });

  it('steps up to a wider scope when a tool needs one that was not granted (403 insufficient_scope)', async () => {
    const erin = new TestUser('erin');
    const connection = erin.connect(shopUrl);
    try {
      const code = await productCode(connection);
      await connection.callTool('add_to_cart', { code }, { signal: signal() });
      expect(String((await erin.tokens()).claims.scope).split(' ')).not.toContain('shop:checkout');

      const checkout = await connection.callTool('checkout', {}, { signal: signal() });
      expect(json(checkout)).toMatchObject({ order: { lines: [expect.objectContaining({ code })] } });
      expect(erin.opened).toHaveLength(2);
      expect(erin.opened[1].searchParams.get('scope')?.split(' ')).toEqual(
        expect.arrayContaining(['mcp', 'shop:checkout']),
      );
      expect(String((await erin.tokens()).claims.scope).split(' ')).toContain('shop:checkout');
    } finally {
      await connection.close();
    }
  });

  it('keeps two users apart: separate tokens, each sent only for its own user', async () => {
    const frank = new TestUser('frank');
    const grace = new TestUser('grace');
    const frankConnection = frank.connect(shopUrl);
    const graceConnection = grace.connect(shopUrl);
    try {
      const code = await productCode(frankConnection);
      await frankConnection.callTool('add_to_cart', { code, quantity: 2 }, { signal: signal() });
      const [frankCart, graceCart] = await Promise.all([
        frankConnection.callTool('get_cart', {}, { signal: signal() }),
        graceConnection.callTool('get_cart', {}, { signal: signal() }),
      ]);
      expect(json(frankCart)).toMatchObject({ user: 'frank', itemCount: 2 });
      expect(json(graceCart)).toMatchObject({ user: 'grace', itemCount: 0 });

      const [frankTokens, graceTokens] = [await frank.tokens(), await grace.tokens()];
      expect(frankTokens.access_token).not.toBe(graceTokens.access_token);
      expect([...frank.sentTokens]).toEqual([frankTokens.access_token]);
      expect([...grace.sentTokens]).toEqual([graceTokens.access_token]);
      expect(frank.opened).toHaveLength(1);
      expect(grace.opened).toHaveLength(1);
    } finally {
      await frankConnection.close();
      await graceConnection.close();
    }
  });
});
