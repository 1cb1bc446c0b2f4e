import { AccessTokenRefusal } from '@switchboard/core/node';
import type { Logger } from 'pino';
import {
  type AccessTokenResource,
  AccessTokenVerifier,
  type VerifiedAccessToken,
} from './access-token-verifier.ts';
import { isLocalToken } from './local-token.ts';
import { LOCAL_USER } from './local-user.ts';
import type { User, UserDirectory } from './user.ts';

/** What {@link authenticateBearer} needs of the gateway (its services hold all of it). */
export interface BearerAuthServices {
  /** No users: the holder of `localToken` is the local administrator. */
  openAccess: boolean;
  localToken?: string;
  users: UserDirectory;
  /** The authorization server's token verifier; absent: API keys only. */
  accessTokens?: AccessTokenVerifier;
  logger: Logger;
}

/** Who sent a bearer credential: the gateway user, and the access token when it was one (not a key). */
export interface BearerCaller {
  user: User;
  accessToken?: VerifiedAccessToken;
}

/**
 * Why a credential was refused, for `/mcp` and the REST API to answer in their own formats:
 * `no_credentials` and `invalid_token` (401), `insufficient_scope` and `not_a_user` (403: a valid
 * token of someone no gateway user lists), `unavailable` (503: the authorization server's keys
 * could not be loaded, so the client should keep its token and retry). `message` is a sentence
 * saying what to do, never quoting the token.
 */
export interface BearerRefusal {
  refused: 'no_credentials' | 'invalid_token' | 'insufficient_scope' | 'not_a_user' | 'unavailable';
  status: 401 | 403 | 503;
  message: string;
}

/** The resource a credential was sent to: `/mcp` (its URL) or the REST API (the gateway's base URL). */
export interface BearerResource {
  kind: AccessTokenResource;
  url: string;
}

/**
 * Who a bearer credential is, for `/mcp` and the REST API alike (the one place that decides it):
 * one of the gateway's API keys (tried first: a lookup by hash is cheap, and a configured key may
 * look like a JWT), or (with an authorization server configured) a JWT access token for `resource`
 * (see {@link AccessTokenVerifier.verify} for the audience each resource accepts), mapped to the
 * gateway user listing its subject (configured users' `oauthSubjects`, then the `oauth_subjects` of
 * users created through the API; never a user merely because the subject is their id). On an open
 * gateway the caller with its per-install token (see `local-token.ts`) is the local
 * user, and nobody else is anyone. Refusals are returned, not thrown; an authorization server that
 * cannot be reached is logged for the operator.
 */
export async function authenticateBearer(
  services: BearerAuthServices,
  token: string | undefined,
  resource: BearerResource,
): Promise<BearerCaller | BearerRefusal> {
  if (services.openAccess) {
    if (services.localToken !== undefined && isLocalToken(services.localToken, token))
      return { user: LOCAL_USER };
    return {
      refused: token ? 'invalid_token' : 'no_credentials',
      status: 401,
      message: OPEN_GATEWAY_TOKEN,
    };
  }
  if (!token)
    return { refused: 'no_credentials', status: 401, message: howToAuthenticate(services, resource) };
  const keyed = await services.users.byApiKey(token);
  if (keyed) return { user: keyed };
  const { accessTokens } = services;
  if (!accessTokens || !AccessTokenVerifier.isJwt(token))
    return { refused: 'invalid_token', status: 401, message: 'unknown API key' };
  try {
    const verified = await accessTokens.verify(token, resource.url, resource.kind);
    const user = await tokenUser(services, accessTokens, verified.subject);
    if (user) return { user, accessToken: verified };
    return {
      refused: 'not_a_user',
      status: 403,
      message: `"${verified.subject}" (the access token's ${verified.claim}) is not a user of this gateway; an administrator adds it to a user's "oauth_subjects" (PATCH /users/{id}) or "oauthSubjects" in the gateway configuration`,
    };
  } catch (error) {
    if (!(error instanceof AccessTokenRefusal)) throw error;
    if (error.code === 'unavailable') {
      const where = resource.kind === 'mcp' ? '/mcp' : 'the API';
      services.logger.warn({ err: error.cause }, `${where} cannot verify access tokens: ${error.message}`);
      return { refused: 'unavailable', status: 503, message: error.message };
    }
    if (error.code === 'insufficient_scope')
      return { refused: 'insufficient_scope', status: 403, message: error.message };
    return { refused: 'invalid_token', status: 401, message: error.message };
  }
}

/** Whether {@link authenticateBearer} refused the credential. */
export function isBearerRefusal(outcome: BearerCaller | BearerRefusal): outcome is BearerRefusal {
  return 'refused' in outcome;
}

/**
 * The gateway user a verified token's subject is: the configured user listing it, else the user
 * created through the API listing it. Only an explicit listing maps: a subject equal to a user's id
 * is no one's, since the claim may be one people can set at their identity provider.
 */
async function tokenUser(
  services: BearerAuthServices,
  accessTokens: AccessTokenVerifier,
  subject: string,
): Promise<User | undefined> {
  const configured = accessTokens.configuredUserOf(subject);
  if (configured !== undefined) return services.users.byId(configured);
  return services.users.byOAuthSubject(subject);
}

const OPEN_GATEWAY_TOKEN =
  'this gateway has no users and answers only this machine\'s holder of its token: open the link `npm start` printed (it ends in ?token=...), or send the token kept in the data directory\'s local-token file as "Authorization: Bearer <token>"';

const KEY_OWNERS =
  "a key of the users in the gateway's configuration, or one an administrator created with POST /users";

/** How to send a credential to `resource`: an API key, or an access token of the configured issuer. */
function howToAuthenticate(services: BearerAuthServices, resource: BearerResource): string {
  const headers =
    resource.kind === 'mcp'
      ? '"Authorization: Bearer <key>"'
      : '"Authorization: Bearer <key>" or "X-API-Key: <key>"';
  const key = `send your Switchboard API key as ${headers} (${KEY_OWNERS})`;
  if (!services.accessTokens) return key;
  const { issuer } = services.accessTokens;
  if (resource.kind === 'mcp') return `${key}, or an access token of ${issuer} (MCP authorization)`;
  return `${key}, or an access token of ${issuer} for ${resource.url} as "Authorization: Bearer <token>"`;
}
