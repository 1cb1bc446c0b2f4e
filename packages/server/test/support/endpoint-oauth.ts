import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { OAuthSessionProvider } from '@switchboard/core';
import { expect } from 'vitest';
import { approveAuthorization } from '../../../servers/test/support/approve-authorization.ts';
import {
  startAuthorizationServer,
  type TestAuthorizationServer,
} from '../../../servers/test/support/oidc-authorization-server.ts';
import type { GatewayOptions } from '../../src/index.ts';
import { connectEndpoint } from './mcp-endpoint-client.ts';
import { queuedModel } from './queued-model.ts';
import { startTestGateway, type TestGateway } from './test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './test-mcp-server.ts';

/** Where the test OAuth clients are sent back to (never reached: the approval reads the redirect). */
export const REDIRECT_URL = 'http://127.0.0.1/oauth-test-callback';

/** An OAuth-only MCP client, as Claude Desktop's connectors, VS Code or Cursor are. */
export function oauthOnlyClient(): { provider: OAuthSessionProvider; pages: URL[] } {
  const pages: URL[] = [];
  const provider = new OAuthSessionProvider({
    redirectUrl: REDIRECT_URL,
    clientMetadata: {
      client_name: 'OAuth-only MCP client',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    openAuthorizationPage: (url) => void pages.push(url),
  });
  return { provider, pages };
}

/**
 * The whole MCP authorization flow at `endpoint` as `login` (a first connect refused with 401, the
 * authorization page approved by oidc-provider's test login, the code exchanged); resolves with the
 * provider holding the token.
 */
export async function authorizeEndpoint(
  endpoint: URL,
  login: string,
): Promise<{ provider: OAuthSessionProvider; authorizationUrl: URL }> {
  const { provider, pages } = oauthOnlyClient();
  const transport = new StreamableHTTPClientTransport(endpoint, { authProvider: provider });
  const first = new Client({ name: 'oauth-only-client', version: '1.0.0' });
  await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  const [authorizationUrl] = pages;
  expect(authorizationUrl).toBeDefined();
  await transport.finishAuth(await approveAuthorization(authorizationUrl, REDIRECT_URL, login));
  return { provider, authorizationUrl };
}

/** An MCP client connected to `endpoint` with the provider's token. */
export async function connectWithProvider(endpoint: URL, provider: OAuthSessionProvider): Promise<Client> {
  const client = new Client({ name: 'oauth-only-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(endpoint, { authProvider: provider }));
  return client;
}

/** A token straight from the authorization server at `issuer` as `login`, for `resource` (no MCP client). */
export async function accessTokenFor(issuer: string, login: string, resource: string): Promise<string> {
  const registration = (await fetch(`${issuer}/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      redirect_uris: [REDIRECT_URL],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
    }),
  }).then((response) => response.json())) as { client_id: string };
  const verifier = 'v'.repeat(64);
  const challenge = Buffer.from(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)),
  ).toString('base64url');
  const url = new URL(`${issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: registration.client_id,
    response_type: 'code',
    redirect_uri: REDIRECT_URL,
    scope: 'mcp',
    resource,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  const callback = await approveAuthorization(url, REDIRECT_URL, login);
  const tokens = (await fetch(`${issuer}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.get('code') as string,
      redirect_uri: REDIRECT_URL,
      client_id: registration.client_id,
      code_verifier: verifier,
      resource,
    }),
  }).then((response) => response.json())) as { access_token: string };
  return tokens.access_token;
}

/** An MCP `initialize` POSTed to `endpoint` with `Authorization: Bearer <token>` (the status tells who got in). */
export function initializeWith(
  endpoint: URL,
  token: string,
  protocolVersion = '2025-06-18',
): Promise<Response> {
  return fetch(endpoint, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion,
        capabilities: {},
        clientInfo: { name: 'token-test', version: '1' },
      },
    }),
  });
}

/**
 * A gateway whose `/mcp` is an OAuth protected resource of a real authorization server
 * (oidc-provider, scope `mcp`), each configured subject mapped to a gateway user, and a test MCP
 * server (an `echo` tool) users can register as their own.
 */
export interface OAuthEndpointStack {
  authorizationServer: TestAuthorizationServer;
  tools: TestMcpServer;
  gateway: TestGateway;
  /** The gateway's `/mcp` in aggregate mode. */
  endpoint: URL;
  /** An MCP client at the endpoint with the provider's token; closed with the stack. */
  connectWith(provider: OAuthSessionProvider): Promise<Client>;
  /** An MCP client at the endpoint with an API key; closed with the stack. */
  connectWithKey(key: string): Promise<Client>;
  close(): Promise<void>;
}

export async function startOAuthEndpointStack(options: {
  /** Authorization-server subjects, each the gateway user it maps to. */
  subjects: Record<string, string>;
  /** The gateway's options besides the model, the authorization and private networks allowed. */
  gateway?: Partial<GatewayOptions>;
}): Promise<OAuthEndpointStack> {
  const closers: Array<() => Promise<unknown>> = [];
  const clients: Client[] = [];
  const close = async () => {
    await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
    for (const closer of closers.splice(0).reverse()) await closer();
  };
  const keep = (client: Client) => {
    clients.push(client);
    return client;
  };
  try {
    const authorizationServer = await startAuthorizationServer({ resourceScopes: 'mcp' });
    closers.push(() => authorizationServer.close());
    const tools = await startTestMcpServer();
    closers.push(() => tools.close());
    const gateway = await startTestGateway('pglite', {
      model: queuedModel(),
      allowPrivateNetworks: true,
      mcpAuthorization: { issuer: authorizationServer.issuer, scopes: ['mcp'], subjects: options.subjects },
      ...options.gateway,
    });
    closers.push(() => gateway.close());
    const endpoint = new URL('/mcp?mode=aggregate', gateway.url);
    return {
      authorizationServer,
      tools,
      gateway,
      endpoint,
      connectWith: async (provider) => keep(await connectWithProvider(endpoint, provider)),
      connectWithKey: async (key) => keep(await connectEndpoint(gateway.url, { key, mode: 'aggregate' })),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** An authorization server on loopback that accepts connections and never answers them. */
export interface SilentAuthorizationServer {
  /** Gateway options verifying tokens at it, giving up after 100 ms. */
  options: Pick<GatewayOptions, 'mcpAuthorization'>;
  /** How many connections it has accepted. */
  readonly connections: number;
  /** Drops its connections and stops listening. */
  close(): Promise<void>;
}

/** Starts a {@link SilentAuthorizationServer}. */
export async function startSilentAuthorizationServer(): Promise<SilentAuthorizationServer> {
  const sockets = new Set<Socket>();
  const silent = createNetServer((socket) => {
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  return {
    options: {
      mcpAuthorization: {
        issuer: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        timeoutMs: 100,
      },
    },
    get connections() {
      return sockets.size;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    },
  };
}
