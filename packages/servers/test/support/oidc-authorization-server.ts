import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { errors } from 'oidc-provider';

/** Options of {@link startAuthorizationServer}. */
export interface AuthorizationServerOptions {
  /** The scopes any resource server (MCP server) on loopback accepts, space-separated. */
  resourceScopes: string;
}

/** A real OAuth 2.1 / OpenID authorization server (`oidc-provider`) on loopback, for tests. */
export interface TestAuthorizationServer {
  /** The issuer URL, e.g. `http://127.0.0.1:43121`. */
  issuer: string;
  /** Lifetime in seconds of the access tokens issued from now on; 300 at first (set it low to test refresh). */
  accessTokenTtl: number;
  /** How long the token endpoint waits before it answers (0 at first), to let concurrent requests overlap. */
  tokenDelayMs: number;
  /** Requests the token endpoint has answered (code exchanges and refreshes). */
  tokenRequests: number;
  /** Revokes a token at the revocation endpoint (RFC 7009), as the public client `clientId`. */
  revoke(token: string, clientId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts `oidc-provider` on a free loopback port: dynamic client registration (RFC 7591), PKCE
 * S256 required, resource indicators (RFC 8707) with JWT access tokens (RFC 9068) whose audience
 * is the resource, refresh tokens (with `offline_access`) rotated on use, revocation (RFC 7009),
 * and its development login and consent pages, which accept any login (see
 * `approveAuthorization`). Any loopback URL is a resource server accepting `resourceScopes`.
 * Registration allows any origin by CORS, so a page can register itself.
 */
export async function startAuthorizationServer(
  options: AuthorizationServerOptions,
): Promise<TestAuthorizationServer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const fixture: TestAuthorizationServer = {
    issuer,
    accessTokenTtl: 300,
    tokenDelayMs: 0,
    tokenRequests: 0,
    revoke: (token: string, clientId: string) => revoke(issuer, token, clientId),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    cookies: { keys: ['test-authorization-server'] },
    scopes: ['openid', 'offline_access'],
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? fixture.accessTokenTtl,
      AuthorizationCode: 60,
      Grant: 3600,
      Interaction: 600,
      RefreshToken: 3600,
      Session: 3600,
    },
    rotateRefreshToken: true,
    // Registration ignores a client's `scope`: the SDK registers with the scope of its first
    // authorization, and oidc-provider would hold the client to it, refusing any step-up.
    extraClientMetadata: {
      properties: ['scope'],
      validator: (_ctx, key, _value, metadata) => {
        if (key === 'scope') delete metadata.scope;
      },
    },
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (new URL(resource).hostname !== '127.0.0.1') throw new errors.InvalidTarget();
          return {
            scope: options.resourceScopes,
            audience: resource,
            accessTokenFormat: 'jwt',
            accessTokenTTL: fixture.accessTokenTtl,
          };
        },
      },
    },
  });
  const handle = provider.callback();
  server.on('request', (request, response) => {
    // A page registering itself (the web app's standalone mode) needs CORS on registration, which
    // oidc-provider does not send; its discovery, token and revocation endpoints send their own.
    if (request.url?.startsWith('/reg')) {
      response.setHeader('access-control-allow-origin', '*');
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type',
        });
        return void response.end();
      }
    }
    if (request.method !== 'POST' || !request.url?.startsWith('/token'))
      return void handle(request, response);
    fixture.tokenRequests++;
    setTimeout(() => void handle(request, response), fixture.tokenDelayMs);
  });
  return fixture;
}

async function revoke(issuer: string, token: string, clientId: string): Promise<void> {
  const discovery = await fetch(`${issuer}/.well-known/openid-configuration`);
  const { revocation_endpoint } = (await discovery.json()) as { revocation_endpoint: string };
  const response = await fetch(revocation_endpoint, {
    method: 'POST',
    body: new URLSearchParams({ token, client_id: clientId }),
  });
  if (!response.ok) throw new Error(`revocation failed: HTTP ${response.status} ${await response.text()}`);
}
