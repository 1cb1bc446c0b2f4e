import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';

/** The grant of a JWT assertion for a token (RFC 7523 §2.1). */
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** Options of a {@link WorkloadIdentityProvider}. */
export interface WorkloadIdentityProviderOptions {
  /** The client id the authorization server knows this workload by. */
  clientId: string;
  /**
   * The workload's identity, a JWT its platform issued (a Kubernetes projected service account
   * token, a cloud's instance identity): read afresh for every token request, as such tokens are
   * short-lived and rotated.
   */
  assertion: () => string | Promise<string>;
  /** How this client names itself to the authorization server. Default `Switchboard workload`. */
  clientName?: string;
}

/**
 * OAuth for a workload, with no person (workload identity federation, SEP-1933): each token request
 * presents the workload's identity JWT as an RFC 7523 JWT-bearer grant, so no client secret is kept
 * anywhere. A refused grant (`invalid_grant`, `invalid_scope`, `unauthorized_client`) fails the
 * request, naming the error, and is never retried with another grant. Tokens live in memory.
 */
export class WorkloadIdentityProvider implements OAuthClientProvider {
  /** No redirect: there is no person to send anywhere. */
  readonly redirectUrl = undefined;
  readonly #options: WorkloadIdentityProviderOptions;
  #tokens?: StoredOAuthTokens;

  constructor(options: WorkloadIdentityProviderOptions) {
    this.#options = options;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.#options.clientName ?? 'Switchboard workload',
      redirect_uris: [],
      grant_types: [JWT_BEARER_GRANT],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation(): OAuthClientInformationMixed {
    return { client_id: this.#options.clientId };
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.#tokens;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    this.#tokens = tokens;
  }

  /** The JWT-bearer grant with the workload's identity (and the scope asked for). */
  async prepareTokenRequest(scope?: string): Promise<URLSearchParams> {
    const params = new URLSearchParams({
      grant_type: JWT_BEARER_GRANT,
      assertion: await this.#options.assertion(),
    });
    if (scope) params.set('scope', scope);
    return params;
  }

  redirectToAuthorization(): never {
    throw new Error('A workload has no person to authorize it: its identity is its JWT-bearer grant.');
  }

  saveCodeVerifier(): void {}

  codeVerifier(): never {
    throw new Error('A workload uses no authorization code (and so no PKCE verifier).');
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.#tokens = undefined;
  }
}
