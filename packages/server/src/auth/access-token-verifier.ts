import { authorizationServerMetadata, type SigningAuthorizationServer } from '@switchboard/servers';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';

/** The authorization server whose access tokens `/mcp` accepts besides API keys. */
export interface AccessTokenOptions {
  /** Its issuer URL (`iss`); its metadata (RFC 8414, else OpenID discovery) names its signing keys. */
  issuer: string;
  /**
   * The `/mcp` URL clients connect to: the resource of the metadata and the tokens' audience
   * (default: `/mcp` on the origin a request reached). The gateway sets it from its public URL.
   */
  resource?: string;
  /** An `aud` accepted besides the `/mcp` URL itself (for servers that ignore RFC 8707 resource indicators). */
  audience?: string;
  /** The claim naming the gateway user (default `sub`). */
  userClaim?: string;
  /** Scopes every token must carry; listed in the resource metadata and the 401 challenge. */
  scopes?: string[];
  /**
   * Values of the user claim that belong to a configured user, mapped to that user's id. A user
   * listed here is reached only through these values, never by a claim equal to their id.
   */
  subjects?: Readonly<Record<string, string>>;
}

/** A verified access token: the gateway user id it maps to, and what it says about itself. */
export interface VerifiedAccessToken {
  /**
   * The gateway user id: the configured user listing the claim's value, else the value itself
   * (undefined when that names a user who has subjects of their own).
   */
  userId: string | undefined;
  /** The user claim's name and value, to name an unknown user in a refusal. */
  claim: string;
  subject: string;
  clientId?: string;
  scopes: string[];
  expiresAt?: number;
}

/**
 * Why a token was refused: `invalid_token` (bad, expired, for another resource or issuer),
 * `insufficient_scope`, or `unavailable` (the authorization server's keys could not be loaded, so
 * the client should keep its token; `cause` says why, for the operator).
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
 * Verifies JWT access tokens (RFC 9068) of one authorization server locally: signed by a key of
 * the issuer's JWKS (found through its metadata, fetched once; jose's remote key set caches the
 * keys and refetches on an unknown `kid`), `typ: at+jwt`, the issuer's `iss`, an `aud` naming the
 * resource (RFC 8707) or the configured audience, not expired, with the configured scopes. The
 * token itself is never kept or logged.
 */
export class AccessTokenVerifier {
  readonly issuer: string;
  readonly scopes: readonly string[];
  /** The configured resource (see {@link AccessTokenOptions.resource}). */
  readonly resource: string | undefined;
  readonly #options: AccessTokenOptions;
  readonly #metadata: () => Promise<SigningAuthorizationServer>;
  readonly #usersWithSubjects: ReadonlySet<string>;
  #keys: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(options: AccessTokenOptions) {
    this.#options = options;
    this.issuer = options.issuer;
    this.resource = options.resource;
    this.scopes = options.scopes ?? [];
    this.#metadata = authorizationServerMetadata(options.issuer);
    this.#usersWithSubjects = new Set(Object.values(options.subjects ?? {}));
  }

  /** The configured user listing `subject` (`users[].oauthSubjects`), if any. */
  configuredUserOf(subject: string): string | undefined {
    const subjects = this.#options.subjects;
    return subjects && Object.hasOwn(subjects, subject) ? subjects[subject] : undefined;
  }

  /** The subjects the configuration lists for a user (`users[].oauthSubjects`). */
  configuredSubjectsOf(userId: string): string[] {
    return Object.entries(this.#options.subjects ?? {})
      .filter(([, owner]) => owner === userId)
      .map(([subject]) => subject);
  }

  /** Whether a bearer token has the shape of a JWT (the gateway's own API keys never do). */
  static isJwt(token: string): boolean {
    return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
  }

  /** Verifies `token` for `resource` (the `/mcp` URL it was sent to); throws an {@link AccessTokenRefusal}. */
  async verify(token: string, resource: string): Promise<VerifiedAccessToken> {
    let payload: JWTPayload;
    try {
      this.#keys ??= createRemoteJWKSet(new URL((await this.#metadata()).jwks_uri));
      const audience = [resource, ...(this.#options.audience ? [this.#options.audience] : [])];
      ({ payload } = await jwtVerify(token, this.#keys, {
        issuer: this.issuer,
        audience,
        typ: 'at+jwt',
        requiredClaims: ['exp'],
      }));
    } catch (error) {
      throw refusal(error);
    }
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
    const missing = this.scopes.filter((scope) => !scopes.includes(scope));
    if (missing.length > 0)
      throw new AccessTokenRefusal(
        'insufficient_scope',
        `the access token lacks the scope ${missing.join(' ')}`,
      );
    const claim = this.#options.userClaim ?? 'sub';
    const subject = payload[claim];
    if (typeof subject !== 'string' || subject === '')
      throw new AccessTokenRefusal(
        'invalid_token',
        `the access token has no "${claim}" claim naming its user`,
      );
    return {
      userId: this.configuredUserOf(subject) ?? (this.#usersWithSubjects.has(subject) ? undefined : subject),
      claim,
      subject,
      ...(typeof payload.client_id === 'string' ? { clientId: payload.client_id } : {}),
      scopes,
      ...(payload.exp !== undefined ? { expiresAt: payload.exp } : {}),
    };
  }
}

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
