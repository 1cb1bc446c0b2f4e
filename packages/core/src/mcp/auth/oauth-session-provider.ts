import {
  type DpopKeyPair,
  DpopSession,
  generateDpopKeyPair,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
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
  /** The DPoP signing key (with `dpop`), kept so tokens bound to it go on working after a restart. */
  dpopKey?: StoredDpopKey;
}

/** A DPoP signing key as kept in the state (ES256; the private key is a secret, as the tokens are). */
export interface StoredDpopKey {
  alg: 'ES256';
  privateJwk: JsonWebKey;
  publicJwk: JsonWebKey;
  /** RFC 7638 thumbprint of the public key: what the authorization server binds tokens to (`cnf.jkt`). */
  thumbprint: string;
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
  /**
   * Ask for sender-constrained tokens (DPoP, RFC 9449, SEP-1932): each token request carries a
   * proof signed with a key of this client's (made once, kept in the state), and a token the
   * authorization server binds to it is presented with a fresh proof on every request, server
   * nonces included. An authorization server without DPoP issues bearer tokens as before.
   */
  dpop?: boolean;
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
  /** The DPoP session the SDK signs proofs with, when the options ask for DPoP. */
  readonly dpop?: () => Promise<DpopSession>;
  private readonly options: OAuthSessionProviderOptions;
  private readonly store: OAuthStateStore;
  private dpopSession?: Promise<DpopSession>;

  constructor(options: OAuthSessionProviderOptions) {
    this.options = options;
    this.clientMetadataUrl = options.clientMetadataUrl;
    this.store = options.store ?? memoryStore();
    const { state } = options;
    if (state !== undefined) this.state = () => state;
    if (options.dpop) this.dpop = () => (this.dpopSession ??= this.openDpopSession());
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
      dpopKey: scope === 'all' ? undefined : state.dpopKey,
    });
    if (scope === 'all') this.dpopSession = undefined;
  }

  /** The DPoP session over the key kept in the state, made (and kept) the first time. */
  private async openDpopSession(): Promise<DpopSession> {
    const kept = (await this.store.load()).dpopKey;
    if (kept) {
      const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
      const [privateKey, publicKey] = await Promise.all([
        crypto.subtle.importKey('jwk', kept.privateJwk, algorithm, false, ['sign']),
        crypto.subtle.importKey('jwk', kept.publicJwk, algorithm, true, ['verify']),
      ]);
      const keyPair = {
        privateKey,
        publicKey,
        publicJwk: kept.publicJwk,
        thumbprint: kept.thumbprint,
        alg: kept.alg,
      };
      return DpopSession.create({ keyPair: keyPair as DpopKeyPair });
    }
    const keyPair = await generateDpopKeyPair({ alg: 'ES256', extractable: true });
    const privateJwk = await crypto.subtle.exportKey('jwk', keyPair.privateKey);
    await this.update({
      dpopKey: {
        alg: 'ES256',
        privateJwk,
        publicJwk: keyPair.publicJwk as JsonWebKey,
        thumbprint: keyPair.thumbprint,
      },
    });
    return DpopSession.create({ keyPair });
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
