import { AccessTokenRefusal, type JwtAccessTokenCheck, jwtAccessTokenVerifier } from '@switchboard/core/node';

/**
 * The two resources a token can be for: the MCP endpoint (`/mcp`) and the REST API (the gateway's
 * base URL, with `/` and `/api` both under it).
 */
export type AccessTokenResource = 'mcp' | 'api';

/** The authorization server whose access tokens `/mcp` and the REST API accept besides API keys. */
export interface AccessTokenOptions {
  /** Its issuer URL (`iss`); its metadata (RFC 8414, else OpenID discovery) names its signing keys. */
  issuer: string;
  /**
   * The `/mcp` URL clients connect to: the resource of the metadata and the tokens' audience
   * (default: `/mcp` at the address the gateway listens on, see {@link AccessTokenVerifier.bindBaseUrl};
   * the origin a request reached only before it listens). The gateway sets it from its public URL.
   */
  resource?: string;
  /** An `aud` accepted at `/mcp` besides the `/mcp` URL itself (for servers that ignore RFC 8707 resource indicators). */
  audience?: string;
  /**
   * The REST API's resource identifier: the gateway's public base URL, e.g. `https://gw.example.com`
   * (default: the address the gateway listens on; the origin a request reached only before it
   * listens). The gateway sets it from its public URL.
   */
  apiResource?: string;
  /**
   * `aud` values the REST API accepts besides its base URL. The API and `/mcp` are different
   * resources (RFC 8707), so a token minted for `/mcp` alone (`aud` the `/mcp` URL, or `audience`)
   * is refused by the API unless listed here: listing the `/mcp` URL or the shared `audience` says
   * the operator treats them as one resource (e.g. an identity provider that mints one audience
   * for the whole gateway).
   */
  apiAudience?: readonly string[];
  /** The claim naming the gateway user (default `sub`). */
  userClaim?: string;
  /** Scopes every token must carry; listed in the resource metadata and the 401 challenge. */
  scopes?: string[];
  /**
   * Values of the user claim that belong to a configured user, mapped to that user's id. A token
   * maps to a user only through a value listed here or in the database, never by a claim equal to
   * a user's id (the claim may be one people can edit at their identity provider).
   */
  subjects?: Readonly<Record<string, string>>;
  /**
   * How long fetching the issuer's metadata or keys may take before `/mcp` answers 503 (the next
   * request tries again); default 5000 ms.
   */
  timeoutMs?: number;
}

/** A verified access token: what it says about itself, for mapping it to a gateway user. */
export interface VerifiedAccessToken {
  /** The user claim's name and value: the value a user's OAuth subjects must list. */
  claim: string;
  subject: string;
  clientId?: string;
  scopes: string[];
  expiresAt?: number;
}

/**
 * The gateway's access tokens: JWT access tokens (RFC 9068) of one authorization server, checked
 * by the shipped servers' {@link jwtAccessTokenVerifier} (signature against the issuer's keys,
 * `typ: at+jwt`, `iss`, an `aud` naming the resource (RFC 8707) or the configured audience, `exp`,
 * the configured scopes; refused with an {@link AccessTokenRefusal}); its configured claim names
 * the gateway user through the users' OAuth subjects. One verifier serves both resources the
 * gateway protects, `/mcp` and the REST API, each with its own audience (see {@link AccessTokenVerifier.verify}).
 */
export class AccessTokenVerifier {
  readonly issuer: string;
  readonly scopes: readonly string[];
  readonly #options: AccessTokenOptions;
  #resource: string | undefined;
  #apiResource: string | undefined;
  readonly #check: JwtAccessTokenCheck;

  constructor(options: AccessTokenOptions) {
    this.#options = options;
    this.issuer = options.issuer;
    this.#resource = options.resource;
    this.#apiResource = options.apiResource;
    this.scopes = options.scopes ?? [];
    this.#check = jwtAccessTokenVerifier({
      issuer: options.issuer,
      scopes: this.scopes,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
  }

  /** The `/mcp` resource (see {@link AccessTokenOptions.resource}). */
  get resource(): string | undefined {
    return this.#resource;
  }

  /** The REST API resource (see {@link AccessTokenOptions.apiResource}). */
  get apiResource(): string | undefined {
    return this.#apiResource;
  }

  /**
   * Takes the gateway's base URL as known once it listens, for the resources the configuration
   * left unset: from then on a token's audience is checked against it, never against the Host a
   * request names (which would let a token minted for another service at the same issuer in).
   */
  bindBaseUrl(baseUrl: string): void {
    const base = baseUrl.replace(/\/+$/, '');
    this.#resource ??= `${base}/mcp`;
    this.#apiResource ??= base;
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

  /**
   * Verifies `token` for `resource`, the URL it was sent to: the `/mcp` URL (its `aud` that URL or
   * the configured `audience`), or for `'api'` the gateway's base URL (its `aud` that URL, with or
   * without a trailing slash, or one of the configured `apiAudience`). Throws an
   * {@link AccessTokenRefusal}.
   */
  async verify(
    token: string,
    resource: string,
    kind: AccessTokenResource = 'mcp',
  ): Promise<VerifiedAccessToken> {
    const { claims: payload, scopes } = await this.#check(token, this.#audienceOf(resource, kind));
    const claim = this.#options.userClaim ?? 'sub';
    const subject = payload[claim];
    if (typeof subject !== 'string' || subject === '')
      throw new AccessTokenRefusal(
        'invalid_token',
        `the access token has no "${claim}" claim naming its user`,
      );
    return {
      claim,
      subject,
      ...clientIdOf(payload),
      scopes,
      ...(payload.exp !== undefined ? { expiresAt: payload.exp } : {}),
    };
  }

  #audienceOf(resource: string, kind: AccessTokenResource): string[] {
    const { audience, apiAudience = [] } = this.#options;
    if (kind === 'mcp') return [resource, ...(audience ? [audience] : [])];
    const base = resource.replace(/\/+$/, '');
    return [base, `${base}/`, ...apiAudience];
  }
}

/** The OAuth client a token was issued to: `client_id` (RFC 9068), else `azp` (OpenID Connect's). */
function clientIdOf(payload: Record<string, unknown>): { clientId?: string } {
  const clientId = [payload.client_id, payload.azp].find(
    (claim) => typeof claim === 'string' && claim !== '',
  );
  return clientId === undefined ? {} : { clientId: clientId as string };
}
