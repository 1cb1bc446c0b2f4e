import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import {
  AUTHORIZATION_SERVER_TIMEOUT_MS,
  authorizationServerMetadata,
  type SigningAuthorizationServer,
} from './authorization-server-metadata.ts';

/** Options of {@link jwtAccessTokenVerifier}. */
export interface JwtAccessTokenVerifierOptions {
  /** The authorization server that issues the tokens (the `iss` claim). */
  issuer: string;
  /** The issuer's metadata, for its `jwks_uri` (default: `authorizationServerMetadata(issuer, timeoutMs)`). */
  metadata?: () => Promise<SigningAuthorizationServer>;
  /**
   * How long fetching the issuer's metadata (by default) or keys may take before the token is
   * refused as `unavailable`; the next call tries again (default 5000 ms).
   */
  timeoutMs?: number;
  /** Claims a token must carry besides `exp` (e.g. `client_id`, which RFC 9068 asks for and some servers leave out). */
  requiredClaims?: string[];
  /** Scopes every token must carry; a token without them is refused as `insufficient_scope`. */
  scopes?: readonly string[];
}

/** A token that passed every check: its claims, and the scopes of its `scope` claim. */
export interface VerifiedJwtAccessToken {
  claims: JWTPayload;
  scopes: string[];
}

/**
 * Checks a token for a resource: `audience` lists the `aud` values accepted (the resource's URL,
 * RFC 8707, and any configured alias). Resolves with the verified token or throws an
 * {@link AccessTokenRefusal}.
 */
export type JwtAccessTokenCheck = (
  token: string,
  audience: string | string[],
) => Promise<VerifiedJwtAccessToken>;

/**
 * Why a token was refused: `invalid_token` (bad, expired, for another resource or issuer),
 * `insufficient_scope`, or `unavailable` (the authorization server's keys could not be loaded, so
 * the client should keep its token; `cause` says why, for the operator). Messages are lower-case
 * clauses ("the access token has expired") for callers to frame.
 */
export class AccessTokenRefusal extends Error {
  readonly code: 'invalid_token' | 'insufficient_scope' | 'unavailable';

  constructor(code: AccessTokenRefusal['code'], message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AccessTokenRefusal';
    this.code = code;
  }
}

/**
 * Verifies JWT access tokens (RFC 9068) of one authorization server locally, for the gateway's
 * `/mcp` and the shipped servers alike: signed by a key of the issuer's JWKS (found through its
 * metadata; jose's remote key set caches the keys and refetches on an unknown `kid`),
 * `typ: at+jwt`, the issuer's `iss`, an accepted `aud`, not expired, with the required claims and
 * scopes. The token itself is never kept or logged.
 */
export function jwtAccessTokenVerifier(options: JwtAccessTokenVerifierOptions): JwtAccessTokenCheck {
  const { issuer } = options;
  const timeoutMs = options.timeoutMs ?? AUTHORIZATION_SERVER_TIMEOUT_MS;
  const metadata = options.metadata ?? authorizationServerMetadata(issuer, timeoutMs);
  const requiredScopes = options.scopes ?? [];
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  return async (token, audience) => {
    let claims: JWTPayload;
    try {
      keys ??= createRemoteJWKSet(new URL((await metadata()).jwks_uri), { timeoutDuration: timeoutMs });
      ({ payload: claims } = await jwtVerify(token, keys, {
        issuer,
        audience,
        typ: 'at+jwt',
        requiredClaims: ['exp', ...(options.requiredClaims ?? [])],
      }));
    } catch (error) {
      throw refusal(error);
    }
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [];
    const missing = requiredScopes.filter((scope) => !scopes.includes(scope));
    if (missing.length > 0)
      throw new AccessTokenRefusal(
        'insufficient_scope',
        `the access token lacks the scope ${missing.join(' ')}`,
      );
    return { claims, scopes };
  };
}

/** The refusal a failed verification becomes. */
function refusal(error: unknown): AccessTokenRefusal {
  if (error instanceof errors.JWTExpired)
    return new AccessTokenRefusal('invalid_token', 'the access token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    const why =
      error.claim === 'aud'
        ? 'was issued for another resource (audience)'
        : error.claim === 'iss'
          ? 'was issued by another authorization server'
          : error.claim === 'typ'
            ? 'is not a JWT access token (RFC 9068: typ at+jwt)'
            : `has an invalid "${error.claim}" claim`;
    return new AccessTokenRefusal('invalid_token', `the access token ${why}`);
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid)
    return new AccessTokenRefusal(
      'unavailable',
      "the authorization server's keys could not be loaded",
      error,
    );
  if (error instanceof errors.JOSEError)
    return new AccessTokenRefusal(
      'invalid_token',
      'the access token is not a JWT access token (RFC 9068) signed by the authorization server',
    );
  return new AccessTokenRefusal('unavailable', 'the authorization server could not be reached', error);
}
