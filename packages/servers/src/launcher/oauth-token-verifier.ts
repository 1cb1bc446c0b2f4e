import {
  type AuthInfo,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import {
  AccessTokenRefusal,
  jwtAccessTokenVerifier,
  type SigningAuthorizationServer,
} from '@switchboard/core/node';

/** Options of {@link oauthTokenVerifier}. */
export interface OAuthTokenVerifierOptions {
  /** The authorization server that issues the tokens (the `iss` claim). */
  issuer: string;
  /** This server's resource identifier (RFC 8707): tokens must name it in `aud`. */
  audience: string;
  /** The issuer's metadata, for its `jwks_uri` (see `authorizationServerMetadata`). */
  metadata: () => Promise<SigningAuthorizationServer>;
}

/**
 * The SDK's bearer-auth verifier for a shipped server: JWT access tokens checked by
 * {@link jwtAccessTokenVerifier} (with a `client_id`, which the SDK's `AuthInfo` needs). The
 * token's scopes, client and subject become the request's {@link AuthInfo}; the subject (`sub`,
 * the user) lands in `extra.sub`, which the shop keys carts on. A failed check is refused as
 * `invalid_token` with its description; an unreachable authorization server is a `server_error`,
 * so clients do not throw their grant away over it.
 */
export function oauthTokenVerifier(options: OAuthTokenVerifierOptions): OAuthTokenVerifier {
  const { issuer, audience, metadata } = options;
  const verify = jwtAccessTokenVerifier({ issuer, metadata, requiredClaims: ['client_id'] });
  return {
    async verifyAccessToken(token) {
      try {
        const { claims, scopes } = await verify(token, audience);
        return {
          token,
          clientId: String(claims.client_id),
          scopes,
          expiresAt: claims.exp,
          resource: new URL(audience),
          extra: claims.sub === undefined ? {} : { sub: claims.sub },
        } satisfies AuthInfo;
      } catch (error) {
        throw error instanceof AccessTokenRefusal ? toOAuthError(error) : error;
      }
    },
  };
}

const ERROR_CODES = {
  invalid_token: OAuthErrorCode.InvalidToken,
  insufficient_scope: OAuthErrorCode.InsufficientScope,
  unavailable: OAuthErrorCode.ServerError,
} as const;

/** The OAuth error a refusal answers with; its description a sentence ("The access token has expired"). */
function toOAuthError(refusal: AccessTokenRefusal): OAuthError {
  const sentence = refusal.message.charAt(0).toUpperCase() + refusal.message.slice(1);
  return new OAuthError(ERROR_CODES[refusal.code], sentence);
}
