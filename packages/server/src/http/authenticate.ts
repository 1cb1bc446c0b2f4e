import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { authenticateBearer, type BearerAuthServices, isBearerRefusal } from '../auth/authenticate-bearer.ts';
import { localTokenCookieName } from '../auth/local-token.ts';
import type { User } from '../auth/user.ts';
import type { GatewayEnv } from '../services/gateway-services.ts';
import { ApiError } from './api-error.ts';

/**
 * Resolves the caller of the REST API, as {@link authenticateBearer} decides it for every surface:
 * an API key in `Authorization: Bearer <key>` or `X-API-Key: <key>`, or (with `mcpAuthorization`
 * configured) an access token of that issuer in `Authorization: Bearer <token>` whose audience is
 * the API: the gateway's base URL (see {@link apiResourceUrl}) or one of `apiAudience`. A token
 * minted for `/mcp` alone is refused here: `/mcp` and the API are different resources (RFC 8707)
 * unless the configuration's `apiAudience` lists the `/mcp` URL (or the shared `audience`).
 * Refusals are the API's JSON errors with `WWW-Authenticate: Bearer realm="switchboard"` (RFC 6750
 * §3): 401 `unauthorized` (no, unknown or invalid credential), 403 `forbidden` (a valid token of
 * someone no user lists) or `insufficient_scope`, 503 `authorization_server_unavailable`. On an
 * open gateway the caller with its token (a bearer, or the cookie its printed link set) is the local
 * user.
 */
export function authenticate(services: BearerAuthServices): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const token =
      bearer ??
      c.req.header('x-api-key')?.trim() ??
      (services.openAccess ? getCookie(c, localTokenCookieName(c.req.url)) : undefined);
    const outcome = await authenticateBearer(services, token || undefined, {
      kind: 'api',
      url: apiResourceUrl(c.req.raw, services),
    });
    if (isBearerRefusal(outcome)) throw refusal(services, outcome.refused, outcome.status, outcome.message);
    c.set('user', outcome.user);
    return next();
  };
}

/**
 * The REST API's resource identifier (RFC 8707), the audience its access tokens carry: the
 * gateway's public URL when one is configured with an authorization server (behind a proxy the
 * URL a request reached is not the one clients use), else the origin a request reached.
 */
export function apiResourceUrl(request: Request, services: Pick<BearerAuthServices, 'accessTokens'>): string {
  return services.accessTokens?.apiResource ?? new URL(request.url).origin;
}

/** Refuses callers who are not administrators (403). */
export function requireAdmin(user: User, what: string): void {
  if (user.role !== 'admin') throw new ApiError(403, 'forbidden', `only an administrator can ${what}`);
}

const CODES = {
  no_credentials: 'unauthorized',
  invalid_token: 'unauthorized',
  insufficient_scope: 'insufficient_scope',
  not_a_user: 'forbidden',
  unavailable: 'authorization_server_unavailable',
} as const;

/** The API's error for a refused credential, with a `WWW-Authenticate` challenge when another credential would do (401, missing scope). */
function refusal(
  services: BearerAuthServices,
  refused: keyof typeof CODES,
  status: 401 | 403 | 503,
  message: string,
): ApiError {
  const error = refused === 'invalid_token' || refused === 'insufficient_scope' ? refused : undefined;
  const parts = [
    'realm="switchboard"',
    ...(error
      ? [
          `error="${error}"`,
          `error_description="${message.replaceAll('"', "'").replace(/[^\x20-\x7e]/g, '?')}"`,
        ]
      : []),
    ...(services.accessTokens?.scopes.length ? [`scope="${services.accessTokens.scopes.join(' ')}"`] : []),
  ];
  const challenged = status === 401 || refused === 'insufficient_scope';
  const headers = challenged ? { 'WWW-Authenticate': `Bearer ${parts.join(', ')}` } : undefined;
  return new ApiError(status, CODES[refused], message, headers ? { headers } : {});
}
