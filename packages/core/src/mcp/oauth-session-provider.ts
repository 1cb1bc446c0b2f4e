import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';

/**
 * What an OAuth client keeps for one user and one server. Plain JSON: a gateway stores it
 * encrypted per user and server, a CLI in a file, a page in memory.
 */
export interface OAuthClientState {
  /** The registration (dynamic, from a Client ID Metadata Document, or pre-registered). */
  client?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens;
  /** The PKCE verifier of the authorization in progress. */
  codeVerifier?: string;
  /**
   * The authorization server found for the resource, bound to the authorization in progress
   * (SEP-2352); dropped once it ends with tokens, so the next authorization discovers it again.
   */
  discovery?: OAuthDiscoveryState;
}

/** Where an {@link OAuthSessionProvider} keeps its {@link OAuthClientState}. */
export interface OAuthStateStore {
  load(): OAuthClientState | Promise<OAuthClientState>;
  save(state: OAuthClientState): void | Promise<void>;
}

/** Options of an {@link OAuthSessionProvider}. */
export interface OAuthSessionProviderOptions {
  /** Where the authorization server sends the user back (the app's or the CLI's callback). */
  redirectUrl: string | URL;
  /** How this client describes itself when it registers (name, redirect URIs, grant types). */
  clientMetadata: OAuthClientMetadata;
  /** An HTTPS URL serving {@link clientMetadata} as a Client ID Metadata Document, used as the client id where the server supports it. */
  clientMetadataUrl?: string;
  /** A client registered beforehand (a configured client id and secret), for servers without registration. */
  preRegistered?: OAuthClientInformationMixed;
  /** Default: in memory. */
  store?: OAuthStateStore;
  /**
   * The `state` parameter of the authorization URL, binding the callback to a flow the app
   * recorded (e.g. the gateway's user and server). Default: none (the SDK sends no `state`).
   */
  state?: string;
  /** Sends the user to the authorization page (a popup, a redirect, a printed link). */
  openAuthorizationPage: (url: URL) => void | Promise<void>;
}

/**
 * The SDK's {@link OAuthClientProvider} over a state store: one instance per user and
 * server, so one user's tokens never serve another. The SDK drives the flow; this keeps
 * what it learns and hands the authorization page to the app.
 */
export class OAuthSessionProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  /** The `state` the SDK puts in the authorization URL, when the options gave one. */
  readonly state?: () => string;
  private readonly options: OAuthSessionProviderOptions;
  private readonly store: OAuthStateStore;

  constructor(options: OAuthSessionProviderOptions) {
    this.options = options;
    this.clientMetadataUrl = options.clientMetadataUrl;
    this.store = options.store ?? memoryStore();
    const { state } = options;
    if (state !== undefined) this.state = () => state;
  }

  get redirectUrl(): string | URL {
    return this.options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return this.options.clientMetadata;
  }

  async clientInformation(): Promise<StoredOAuthClientInformation | undefined> {
    return (await this.store.load()).client ?? this.options.preRegistered;
  }

  async saveClientInformation(client: StoredOAuthClientInformation): Promise<void> {
    await this.update({ client });
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    return (await this.store.load()).tokens;
  }

  /**
   * Keeps the tokens an authorization (or a refresh) ended with, and forgets what bound that
   * authorization: its PKCE verifier and the authorization server it was started at. The next one
   * (a refresh, or a new authorization after a 401) reads the resource's metadata again, so a
   * server that moved to another authorization server is followed there, where the client
   * registers anew (SEP-2352), instead of being sent back to the old one.
   */
  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.update({ tokens, codeVerifier: undefined, discovery: undefined });
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    await this.options.openAuthorizationPage(authorizationUrl);
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.update({ codeVerifier });
  }

  async codeVerifier(): Promise<string> {
    const { codeVerifier } = await this.store.load();
    if (!codeVerifier) throw new Error('No authorization is in progress (no PKCE code verifier was saved).');
    return codeVerifier;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.update({ discovery });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.store.load()).discovery;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const state = await this.store.load();
    const drops = (part: typeof scope) => scope === 'all' || scope === part;
    await this.store.save({
      client: drops('client') ? undefined : state.client,
      tokens: drops('tokens') ? undefined : state.tokens,
      codeVerifier: drops('verifier') ? undefined : state.codeVerifier,
      discovery: drops('discovery') ? undefined : state.discovery,
    });
  }

  private async update(change: Partial<OAuthClientState>): Promise<void> {
    await this.store.save({ ...(await this.store.load()), ...change });
  }
}

function memoryStore(): OAuthStateStore {
  let state: OAuthClientState = {};
  return {
    load: () => state,
    save: (next) => {
      state = next;
    },
  };
}
