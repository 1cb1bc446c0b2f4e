import {
  type AuthInfo,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import type { SigningAuthorizationServer } from './authorization-server-metadata.ts';

/** Options of {@link jwtAccessTokenVerifier}. */
export interface JwtAccessTokenVerifierOptions {
  /** The authorization server that issues the tokens (the `iss` claim). */
  issuer: string;
  /** This server's resource identifier (RFC 8707): tokens must name it in `aud`. */
  audience: string;
  /** The issuer's metadata, for its `jwks_uri` (see `authorizationServerMetadata`). */
  metadata: () => Promise<SigningAuthorizationServer>;
}

/**
 * Verifies JWT access tokens (RFC 9068, `typ: at+jwt`) locally: signed by a key of the
 * issuer's JWKS, issued by the issuer, for this resource (`aud`), not expired. The token's
 * scopes, client and subject become the request's {@link AuthInfo}; the subject (`sub`, the
 * user) lands in `extra.sub`, which the shop keys carts on. A token that fails any check is
 * refused as `invalid_token` with a description of the check; an unreachable authorization
 * server is a `server_error`, so clients do not throw their grant away over it.
 */
export function jwtAccessTokenVerifier(options: JwtAccessTokenVerifierOptions): OAuthTokenVerifier {
  const { issuer, audience } = options;
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  return {
    async verifyAccessToken(token) {
      try {
        keys ??= createRemoteJWKSet(new URL((await options.metadata()).jwks_uri));
        const { payload } = await jwtVerify(token, keys, {
          issuer,
          audience,
          typ: 'at+jwt',
          requiredClaims: ['exp', 'client_id'],
        });
        return toAuthInfo(token, payload, audience);
      } catch (error) {
        throw refusal(error);
      }
    },
  };
}

function toAuthInfo(token: string, payload: JWTPayload, audience: string): AuthInfo {
  const scope = typeof payload.scope === 'string' ? payload.scope : '';
  return {
    token,
    clientId: String(payload.client_id),
    scopes: scope.split(' ').filter(Boolean),
    expiresAt: payload.exp,
    resource: new URL(audience),
    extra: payload.sub === undefined ? {} : { sub: payload.sub },
  };
}

/** The OAuth error a failed verification answers with. */
function refusal(error: unknown): OAuthError {
  if (error instanceof errors.JWTExpired) {
    return new OAuthError(OAuthErrorCode.InvalidToken, 'The access token has expired');
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    const why =
      error.claim === 'aud'
        ? 'was issued for another resource (audience)'
        : error.claim === 'iss'
          ? 'was issued by another authorization server'
          : `has an invalid "${error.claim}" claim`;
    return new OAuthError(OAuthErrorCode.InvalidToken, `The access token ${why}`);
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return new OAuthError(OAuthErrorCode.ServerError, 'The authorization server keys could not be loaded');
  }
  if (error instanceof errors.JOSEError) {
    return new OAuthError(
      OAuthErrorCode.InvalidToken,
      'The access token is not a JWT access token signed by the authorization server',
    );
  }
  return new OAuthError(OAuthErrorCode.ServerError, 'The authorization server could not be reached');
}
