import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { OAuthSessionProvider } from '@switchboard/core';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAuthorizationServer } from '../../servers/test/support/oidc-authorization-server.ts';
import { type RunningShippedServers, startShippedServers } from '../src/cli/start-shipped-servers.ts';
import { createLogger } from '../src/observability/create-logger.ts';
import {
  accessTokenFor,
  authorizeEndpoint,
  initializeWith,
  type OAuthEndpointStack,
  startOAuthEndpointStack,
  startSilentAuthorizationServer,
} from './support/endpoint-oauth.ts';
import { KEYS, type TestGateway, withGatewayBeside } from './support/test-gateway.ts';
import type { TestMcpServer } from './support/test-mcp-server.ts';

const textOf = (result: unknown) =>
  (result as { content: Array<{ text?: string }> }).content.map((block) => block.text ?? '').join('\n');

/**
 * `/mcp` as an OAuth protected resource: an MCP client that only speaks MCP authorization (no API
 * key) finds the authorization server through the gateway's metadata, registers, has the user log
 * in, and calls tools as the gateway user the token maps to.
 */
describe('/mcp with an authorization server (oidc-provider): OAuth access tokens and API keys', () => {
  let stack: OAuthEndpointStack;
  let authorizationServer: TestAuthorizationServer;
  let dataDir: string;
  let shipped: RunningShippedServers;
  let tools: TestMcpServer;
  let gw: TestGateway;
  let endpoint: URL;
  /** The gateway's log (debug level), and every access token the tests were issued. */
  let log = '';
  const issued: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'switchboard-mcp-oauth-'));
    shipped = await startShippedServers(['shop'], dataDir);
    stack = await startOAuthEndpointStack({
      // Each logs in as a configured subject; Admin lists none, so no token is Admin.
      subjects: { 'alice-sso': 'alice', 'bob-sso': 'bob', 'dana-sso': 'dana' },
      gateway: {
        logger: createLogger({ level: 'debug', destination: logTo() }),
        servers: shipped.seeds,
        builtins: shipped.builtins,
        builtinFetch: shipped.fetch,
        users: [
          { id: 'admin', name: 'Admin', role: 'admin', apiKey: KEYS.admin },
          { id: 'alice', name: 'Alice', role: 'user', apiKey: KEYS.alice },
          { id: 'bob', name: 'Bob', role: 'user', apiKey: KEYS.bob },
          { id: 'dana', name: 'Dana', role: 'user' },
        ],
      },
    });
    ({ authorizationServer, tools, gateway: gw, endpoint } = stack);
  });
  afterAll(async () => {
    await stack?.close();
    await shipped?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  function logTo(): PassThrough {
    const out = new PassThrough();
    out.on('data', (chunk) => {
      log += String(chunk);
    });
    return out;
  }

  const connectWith = (provider: OAuthSessionProvider) => stack.connectWith(provider);

  /** The whole MCP authorization flow as `login`; resolves with the provider holding the token. */
  async function authorize(
    login: string,
  ): Promise<{ provider: OAuthSessionProvider; authorizationUrl: URL }> {
    const authorized = await authorizeEndpoint(endpoint, login);
    issued.push(String((await authorized.provider.tokens())?.access_token));
    return authorized;
  }

  /** A token straight from the authorization server as `login`, for `resource` (no MCP client). */
  async function tokenFor(login: string, resource: string): Promise<string> {
    const token = await accessTokenFor(authorizationServer.issuer, login, resource);
    issued.push(token);
    return token;
  }

  const call = (token: string) => initializeWith(endpoint, token);

  it('names the authorization server and its scopes in the protected-resource metadata (RFC 9728)', async () => {
    const unauthenticated = await call('');
    expect(unauthenticated.status).toBe(401);
    const challenge = unauthenticated.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain(`resource_metadata="${gw.url}/.well-known/oauth-protected-resource/mcp"`);
    expect(challenge).toContain('scope="mcp"');
    const metadata = await (await fetch(`${gw.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toEqual({
      resource: `${gw.url}/mcp`,
      authorization_servers: [authorizationServer.issuer],
      scopes_supported: ['mcp'],
      bearer_methods_supported: ['header'],
      resource_name: 'Switchboard gateway',
    });
  });

  it('lets an OAuth-only client in: metadata → registration → code + PKCE with resource → token → tools as the mapped user', async () => {
    const { provider, authorizationUrl } = await authorize('alice-sso');
    expect(authorizationUrl.origin).toBe(authorizationServer.issuer);
    expect(authorizationUrl.searchParams.get('resource')).toBe(`${gw.url}/mcp`);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('scope')?.split(' ')).toContain('mcp');
    const tokens = await provider.tokens();
    expect(decodeJwt(String(tokens?.access_token))).toMatchObject({
      iss: authorizationServer.issuer,
      aud: `${gw.url}/mcp`,
      sub: 'alice-sso',
    });

    const alice = await connectWith(provider);
    const names = (await alice.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('shop_add_to_cart');
    await alice.callTool({ name: 'shop_add_to_cart', arguments: { code: 'DAI-001', quantity: 2 } });
    // The shop keys carts on the gateway user the call is made for: "alice", not the subject.
    const keyed = await stack.connectWithKey(KEYS.alice);
    expect(textOf(await keyed.callTool({ name: 'shop_get_cart', arguments: {} }))).toContain('DAI-001');
  });

  it("keeps two users' tokens to their own servers and data", async () => {
    expect((await gw.alice.post('/servers', { name: 'alice-private', url: tools.url })).status).toBe(201);
    const alice = await connectWith((await authorize('alice-sso')).provider);
    const bob = await connectWith((await authorize('bob-sso')).provider);

    expect((await alice.listTools()).tools.map((tool) => tool.name)).toContain('alice_private_echo');
    const bobTools = (await bob.listTools()).tools.map((tool) => tool.name);
    expect(bobTools).toContain('shop_get_cart');
    expect(bobTools.some((name) => name.startsWith('alice_private_'))).toBe(false);
    expect((await bob.callTool({ name: 'alice_private_echo', arguments: { text: 'x' } })).isError).toBe(true);

    await alice.callTool({ name: 'shop_add_to_cart', arguments: { code: 'DAI-002', quantity: 1 } });
    const bobCart = await bob.callTool({ name: 'shop_get_cart', arguments: { user: 'alice' } });
    expect(textOf(bobCart)).not.toContain('DAI-002');
    expect(textOf(await alice.callTool({ name: 'shop_get_cart', arguments: {} }))).toContain('DAI-002');
  });

  it('refuses a token for another resource with 401 invalid_token and the metadata challenge', async () => {
    const elsewhere = await tokenFor('alice-sso', 'http://127.0.0.1:9/other');
    expect(decodeJwt(elsewhere).aud).not.toBe(`${gw.url}/mcp`);
    const refused = await call(elsewhere);
    expect(refused.status).toBe(401);
    const challenge = refused.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain('another resource (audience)');
    expect(challenge).toContain(`resource_metadata="${gw.url}/.well-known/oauth-protected-resource/mcp"`);

    const tampered = `${(await tokenFor('alice-sso', `${gw.url}/mcp`)).slice(0, -4)}AAAA`;
    const forged = await call(tampered);
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(JSON.stringify(await forged.json())).not.toContain(tampered);
  });

  it('answers a valid token of someone who is not a gateway user with 403 saying how to map them', async () => {
    const { provider } = await authorize('mallory');
    const token = String((await provider.tokens())?.access_token);
    const refused = await call(token);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toBeNull();
    const { error } = (await refused.json()) as { error: { message: string } };
    expect(error.message).toContain('"mallory" (the access token\'s sub) is not a user of this gateway');
    expect(error.message).toContain('oauthSubjects');
    await expect(connectWith(provider)).rejects.toThrow(/not a user of this gateway/);

    // Alice has subjects of her own, so logging in as her id is not being her.
    const impostor = String((await (await authorize('alice')).provider.tokens())?.access_token);
    expect((await call(impostor)).status).toBe(403);
  });

  it('answers 403 to a token whose subject is a user id that no user lists (no one becomes "admin" by name)', async () => {
    const refused = await call(await tokenFor('admin', `${gw.url}/mcp`));
    expect(refused.status).toBe(403);
    const { error } = (await refused.json()) as { error: { message: string } };
    expect(error.message).toContain('"admin" (the access token\'s sub) is not a user of this gateway');
    expect(error.message).toContain('oauthSubjects');
  });

  it('lets a configured user without an API key in with OAuth only', async () => {
    const dana = await connectWith((await authorize('dana-sso')).provider);
    expect((await dana.listTools()).tools.map((tool) => tool.name)).toContain('shop_get_cart');
    const { rows } = await gw.gateway.services.db.query("SELECT id FROM api_keys WHERE user_id = 'dana'");
    expect(rows).toEqual([]);
  });

  it('answers a token without the scopes the gateway requires with 403 insufficient_scope naming them', async () => {
    const strict = {
      mcpAuthorization: { issuer: authorizationServer.issuer, scopes: ['mcp', 'switchboard:admin'] },
    };
    await withGatewayBeside(gw, strict, async (url) => {
      const token = await tokenFor('bob', `${url}/mcp`);
      const refused = await fetch(`${url}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status).toBe(403);
      const challenge = refused.headers.get('www-authenticate') ?? '';
      expect(challenge).toContain('error="insufficient_scope"');
      expect(challenge).toContain('scope="mcp switchboard:admin"');
      expect(challenge).toContain(`resource_metadata="${url}/.well-known/oauth-protected-resource/mcp"`);
    });
  });

  it('answers 503, not invalid_token, when the authorization server cannot be reached, and logs why', async () => {
    let orphanLog = '';
    const out = new PassThrough();
    out.on('data', (chunk) => {
      orphanLog += String(chunk);
    });
    const orphan = {
      logger: createLogger({ level: 'info', destination: out }),
      mcpAuthorization: { issuer: 'http://127.0.0.1:1' },
    };
    await withGatewayBeside(gw, orphan, async (url) => {
      const token = await tokenFor('bob', `${url}/mcp`);
      const refused = await fetch(`${url}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('www-authenticate')).toBeNull();
      expect(orphanLog).toContain(
        '/mcp cannot verify access tokens: the authorization server could not be reached',
      );
      expect(orphanLog).not.toContain(token);
    });
  });

  it('answers 503 when the authorization server accepts connections and never answers, on every request', async () => {
    const silent = await startSilentAuthorizationServer();
    try {
      await withGatewayBeside(gw, silent.options, async (url) => {
        const token = await tokenFor('bob-sso', `${url}/mcp`);
        const connections: number[] = [];
        for (const attempt of [1, 2]) {
          const refused = await fetch(`${url}/mcp`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
          });
          expect({ attempt, status: refused.status }).toEqual({ attempt, status: 503 });
          const { error } = (await refused.json()) as { error: { message: string } };
          expect(error.message).toBe('Service unavailable: the authorization server could not be reached');
          connections.push(silent.connections);
        }
        // The second request asked the authorization server again (a new connection), not a kept failure.
        expect(connections[1]).toBeGreaterThan(connections[0] ?? 0);
      });
    } finally {
      await silent.close();
    }
  });

  it('behind a proxy, is the resource under its public URL: metadata, challenge and audience', async () => {
    const publicUrl = 'http://127.0.0.1:9/switchboard';
    const proxied = {
      publicUrl,
      mcpAuthorization: { issuer: authorizationServer.issuer, subjects: { 'bob-sso': 'bob' } },
    };
    await withGatewayBeside(gw, proxied, async (url) => {
      const post = (token: string) => initializeWith(new URL(`${url}/mcp`), token);
      const metadata = await (await fetch(`${url}/.well-known/oauth-protected-resource/mcp`)).json();
      expect(metadata.resource).toBe(`${publicUrl}/mcp`);
      const challenge = (await post('')).headers.get('www-authenticate');
      expect(challenge).toContain(
        'resource_metadata="http://127.0.0.1:9/.well-known/oauth-protected-resource/switchboard/mcp"',
      );

      expect((await post(await tokenFor('bob-sso', `${publicUrl}/mcp`))).status).toBe(200);
      expect((await post(await tokenFor('bob-sso', `${url}/mcp`))).status).toBe(401);
    });
  });

  it('still takes API keys, and refuses an unknown one', async () => {
    const keyed = await stack.connectWithKey(KEYS.bob);
    expect((await keyed.listTools()).tools.length).toBeGreaterThan(0);
    const unknown = await call('sk-sb-not-a-key');
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toContain('error_description="unknown API key"');
  });

  it('never logs an access token, accepted or refused', () => {
    expect(log).toContain('"path":"/mcp"');
    expect(issued.length).toBeGreaterThan(5);
    for (const token of issued) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(token.split('.')[2]);
    }
  });
});
