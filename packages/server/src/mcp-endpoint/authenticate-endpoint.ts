import type { AuthInfo } from '@modelcontextprotocol/server';
import type { VerifiedAccessToken } from '../auth/access-token-verifier.ts';
import { authenticateBearer, type BearerAuthServices, isBearerRefusal } from '../auth/authenticate-bearer.ts';
import type { User } from '../auth/user.ts';
import { endpointResourceUrl, protectedResourceMetadataUrl } from './protected-resource-metadata.ts';

/** Who a `/mcp` request comes from: the gateway user, and the same as the MCP SDK hands it to handlers. */
export interface EndpointCaller {
  user: User;
  authInfo: AuthInfo;
}

/**
 * The caller of a `/mcp` request, from `Authorization: Bearer <token>`, as {@link authenticateBearer}
 * decides it for every surface (an API key, else a JWT access token for this endpoint's URL mapped
 * through the users' OAuth subjects; on an open gateway, the local user), in MCP's terms: without
 * a valid token, a 401 whose `WWW-Authenticate` names the protected-resource metadata (RFC 9728),
 * as MCP authorization asks; a valid token of someone who is not a gateway user: 403 saying how to
 * map them; an authorization server that cannot be reached: 503.
 */
export async function authenticateEndpoint(
  services: BearerAuthServices,
  request: Request,
): Promise<EndpointCaller | Response> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const outcome = await authenticateBearer(services, token, {
    kind: 'mcp',
    url: endpointResourceUrl(request, services),
  });
  if (!isBearerRefusal(outcome))
    return { user: outcome.user, authInfo: endpointAuthInfo(outcome.user, outcome.accessToken) };
  const { refused, message } = outcome;
  if (refused === 'unavailable') return refusal(503, `Service unavailable: ${message}`);
  if (refused === 'not_a_user') return refusal(403, `Forbidden: ${message}`);
  if (refused === 'insufficient_scope')
    return refusal(403, `Forbidden: ${message}`, challenge(services, request, refused, message));
  if (refused === 'no_credentials')
    return refusal(401, `Unauthorized: ${message}`, challenge(services, request));
  return refusal(401, `Unauthorized: ${message}`, challenge(services, request, refused, message));
}

/**
 * The caller as the MCP SDK hands it to handlers (`ctx.http.authInfo`), never the token itself (a
 * label stands for it): for an API key, the user as client, no scopes; for an access token
 * (`token`), the OAuth client it was issued to (`client_id`, else `azp`; empty when it names none),
 * its scopes and expiry. `extra` carries the gateway user either way.
 */
export function endpointAuthInfo(user: User, token?: VerifiedAccessToken): AuthInfo {
  const extra = { userId: user.id, user };
  if (!token) return { token: 'switchboard-api-key', clientId: user.id, scopes: [], extra };
  return {
    token: 'oauth-access-token',
    clientId: token.clientId ?? '',
    scopes: [...token.scopes],
    ...(token.expiresAt !== undefined ? { expiresAt: token.expiresAt } : {}),
    extra,
  };
}

/** `WWW-Authenticate: Bearer …` (RFC 6750 §3, RFC 9728 §5.1), with the scopes tokens need. */
function challenge(services: BearerAuthServices, request: Request, error?: string, description = ''): string {
  const parts = [
    ...(error
      ? [
          `error="${error}"`,
          `error_description="${description.replaceAll('"', "'").replace(/[^\x20-\x7e]/g, '?')}"`,
        ]
      : []),
    `resource_metadata="${protectedResourceMetadataUrl(request, services)}"`,
    ...(services.accessTokens?.scopes.length ? [`scope="${services.accessTokens.scopes.join(' ')}"`] : []),
  ];
  return `Bearer ${parts.join(', ')}`;
}

function refusal(status: number, message: string, wwwAuthenticate?: string): Response {
  return Response.json(
    { jsonrpc: '2.0', id: null, error: { code: -32001, message } },
    { status, headers: wwwAuthenticate ? { 'WWW-Authenticate': wwwAuthenticate } : {} },
  );
}
