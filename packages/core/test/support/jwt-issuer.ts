import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { AccessTokenRefusal } from '../../src/mcp-node/jwt-access-token-verifier.ts';

/** Where an issuer publishes its metadata: RFC 8414's location, or OpenID discovery's. */
export type MetadataPath = '/.well-known/oauth-authorization-server' | '/.well-known/openid-configuration';

export interface JwtIssuerOptions {
  /** The audience a token carries unless told otherwise (the protected resource's URL). */
  audience: string;
  /** The scope a token carries unless told otherwise; `mcp` by default. */
  scope?: string;
  /** The one metadata document the issuer serves; every other path but `/jwks` answers 404. */
  metadataPath: MetadataPath;
  /** Fields of the metadata besides `issuer` and `jwks_uri`; `authorization_endpoint` alone by default. */
  metadata?: (issuer: string) => Record<string, unknown>;
}

export interface JwtIssuer {
  /** The issuer's URL (`http://127.0.0.1:<port>`), as its metadata names it. */
  readonly url: string;
  /**
   * Signs a JWT access token (RFC 9068) with the issuer's key `k1`: issuer, audience, scope, sub
   * `alice`, client_id `app`, five minutes to live, unless `claims` say otherwise (a claim set to
   * `undefined` is left out). `typ` and `key` sign an ID token or a forgery instead.
   */
  sign(claims?: JWTPayload, typ?: string, key?: CryptoKey): Promise<string>;
  /** Paths the issuer accepts and never answers while they are in the set (a hanging identity provider). */
  readonly hangingPaths: Set<string>;
  close(): Promise<void>;
}

/**
 * Starts a minimal authorization server on a free port that publishes an ES256 key at `/jwks` and
 * one metadata document, and signs access tokens with that key: what a JWT access-token verifier
 * needs to see real tokens, real key fetches and real network failures.
 */
export async function startJwtIssuer(options: JwtIssuerOptions): Promise<JwtIssuer> {
  const keys = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  const hangingPaths = new Set<string>();
  let url = '';
  const server = createServer((request, response) => {
    if (hangingPaths.has(request.url ?? '')) return;
    const metadata = options.metadata?.(url) ?? { authorization_endpoint: `${url}/authorize` };
    const body =
      request.url === '/jwks'
        ? { keys: [jwk] }
        : request.url === options.metadataPath
          ? { issuer: url, ...metadata, jwks_uri: `${url}/jwks` }
          : undefined;
    response
      .writeHead(body ? 200 : 404, { 'content-type': 'application/json' })
      .end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    hangingPaths,
    sign(claims = {}, typ = 'at+jwt', key = keys.privateKey) {
      const now = Math.floor(Date.now() / 1000);
      const defaults = {
        iss: url,
        aud: options.audience,
        iat: now,
        exp: now + 300,
        client_id: 'app',
        scope: options.scope ?? 'mcp',
        sub: 'alice',
      };
      return new SignJWT({ ...defaults, ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ })
        .sign(key);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** How a verification ended: undefined when it passed, the refusal's code and message when refused. */
export function refusalOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) =>
      error instanceof AccessTokenRefusal ? { code: error.code, message: error.message } : error,
  );
}
