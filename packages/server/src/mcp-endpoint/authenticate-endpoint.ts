import type { AuthInfo } from '@modelcontextprotocol/server';
import { AccessTokenRefusal } from '@switchboard/servers';
import { AccessTokenVerifier, type VerifiedAccessToken } from '../auth/access-token-verifier.ts';
import { LOCAL_USER } from '../auth/local-user.ts';
import type { User } from '../auth/user.ts';
import type { GatewayServices } from '../services/gateway-services.ts';
import { endpointResourceUrl, protectedResourceMetadataUrl } from './protected-resource-metadata.ts';

type EndpointAuthServices = Pick<GatewayServices, 'openAccess' | 'users' | 'accessTokens' | 'logger'>;

/** Who a `/mcp` request comes from: the gateway user, and the same as the MCP SDK hands it to handlers. */
export interface EndpointCaller {
  user: User;
  authInfo: AuthInfo;
}

/**
 * The caller of a `/mcp` request, from `Authorization: Bearer <token>`: one of the gateway's API
 * keys (tried first), or (with an authorization server configured) a JWT access token for this
 * endpoint, mapped to the gateway user listing its subject (configured users' `oauthSubjects`, then
 * the `oauth_subjects` of users created through the API; never a user merely because the subject is
 * their id); on an open gateway, the local user. Without a valid token: a 401 whose
 * `WWW-Authenticate` names the protected-resource metadata (RFC 9728), as MCP authorization asks;
 * a valid token of someone who is not a gateway user: 403 saying how to map them.
 */
export async function authenticateEndpoint(
  services: EndpointAuthServices,
  request: Request,
): Promise<EndpointCaller | Response> {
  if (services.openAccess) return { user: LOCAL_USER, authInfo: endpointAuthInfo(LOCAL_USER) };
  const header = request.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (!token) return unauthorized(services, request);
  // Keys first: a lookup by hash is cheap, and a configured key may look like a JWT.
  const keyed = await services.users.byApiKey(token);
  if (keyed) return { user: keyed, authInfo: endpointAuthInfo(keyed) };
  const { accessTokens } = services;
  if (!accessTokens || !AccessTokenVerifier.isJwt(token))
    return unauthorized(services, request, 'unknown API key');
  try {
    const verified = await accessTokens.verify(token, endpointResourceUrl(request, services));
    const user = await tokenUser(services, accessTokens, verified.subject);
    if (user) return { user, authInfo: endpointAuthInfo(user, verified) };
    return refusal(
      403,
      `Forbidden: "${verified.subject}" (the access token's ${verified.claim}) is not a user of this gateway; an administrator adds it to a user's "oauth_subjects" (PATCH /users/{id}) or "oauthSubjects" in the gateway configuration`,
    );
  } catch (error) {
    if (!(error instanceof AccessTokenRefusal)) throw error;
    if (error.code === 'unavailable') {
      services.logger.warn({ err: error.cause }, `/mcp cannot verify access tokens: ${error.message}`);
      return refusal(503, `Service unavailable: ${error.message}`);
    }
    if (error.code === 'insufficient_scope') {
      return refusal(403, `Forbidden: ${error.message}`, challenge(services, request, error));
    }
    return unauthorized(services, request, error.message);
  }
}

/**
 * The gateway user a verified token's subject is: the configured user listing it, else the user
 * created through the API listing it. Only an explicit listing maps: a subject equal to a user's id
 * is no one's, since the claim may be one people can set at their identity provider.
 */
async function tokenUser(
  services: EndpointAuthServices,
  accessTokens: AccessTokenVerifier,
  subject: string,
): Promise<User | undefined> {
  const configured = accessTokens.configuredUserOf(subject);
  if (configured !== undefined) return services.users.byId(configured);
  return services.users.byOAuthSubject(subject);
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

const HOW_TO =
  'send your Switchboard API key as "Authorization: Bearer <key>" (a key of the users in the gateway\'s configuration, or one an administrator created with POST /users)';

function unauthorized(services: EndpointAuthServices, request: Request, invalid?: string): Response {
  const how = services.accessTokens
    ? `${HOW_TO}, or an access token of ${services.accessTokens.issuer} (MCP authorization)`
    : HOW_TO;
  const error = invalid ? new AccessTokenRefusal('invalid_token', invalid) : undefined;
  return refusal(401, `Unauthorized: ${invalid ?? how}`, challenge(services, request, error));
}

/** `WWW-Authenticate: Bearer …` (RFC 6750 §3, RFC 9728 §5.1), with the scopes tokens need. */
function challenge(services: EndpointAuthServices, request: Request, error?: AccessTokenRefusal): string {
  const parts = [
    ...(error ? [`error="${error.code}"`, `error_description="${error.message.replaceAll('"', "'")}"`] : []),
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
