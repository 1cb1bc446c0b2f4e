import {
  type AuthorizationServerMetadata,
  discoverAuthorizationServerMetadata,
  exchangeAuthorization,
  startAuthorization,
} from '@modelcontextprotocol/client';
import { rememberRedirect, takeReturnedAuthorization } from '../standalone/oauth-redirect-return.ts';

/** What `GET /auth/sign-in-config` answers: where to sign the person in. */
export interface SignInConfig {
  issuer: string;
  client_id: string;
  scopes: string[];
  /** The REST API's resource (RFC 8707), asked for so the token's `aud` is the API. */
  resource: string;
}

/** The person's access token, kept in sessionStorage (this tab only; gone when it closes). */
const TOKEN_KEY = 'switchboard.gateway.sign-in';
/** The PKCE verifier and `state` of a sign-in the page left for. */
const PENDING_KEY = 'switchboard.gateway.sign-in.pending';
/** Why the person is asked to sign in again (shown once on the sign-in screen). */
const NOTICE_KEY = 'switchboard.gateway.sign-in.notice';
/**
 * The name the redirect record (shared with standalone mode's Connect flow and its callback page,
 * `oauth-callback.html`) carries for the gateway sign-in, where standalone mode names a server.
 */
const SIGN_IN_REDIRECT = '(gateway sign-in)';

interface StoredToken {
  accessToken: string;
  /** Epoch ms; absent when the identity provider said no `expires_in`. */
  expiresAt?: number;
}

/**
 * The gateway's sign-in configuration, or `undefined` when it has none (404: API keys or open
 * access) or cannot say.
 */
export async function loadSignInConfig(
  apiBase: string,
  doFetch: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<SignInConfig | undefined> {
  try {
    const response = await doFetch(`${apiBase}/auth/sign-in-config`, { cache: 'no-store' });
    if (!response.ok || response.status === 204) return undefined;
    const body = (await response.json()) as Partial<SignInConfig>;
    if (typeof body.issuer !== 'string' || typeof body.client_id !== 'string') return undefined;
    if (typeof body.resource !== 'string') return undefined;
    const scopes = Array.isArray(body.scopes) ? body.scopes.filter((s) => typeof s === 'string') : [];
    return { issuer: body.issuer, client_id: body.client_id, scopes, resource: body.resource };
  } catch {
    return undefined;
  }
}

/**
 * "Sign in with <identity provider>" in gateway mode: the authorization code flow with PKCE as a
 * public client (the MCP SDK's discovery, authorization URL and token exchange), asking for the
 * gateway's REST API as the resource. The page leaves for the identity provider and comes back
 * through the app's OAuth callback page, exactly as standalone mode's Connect does. The access
 * token stays in sessionStorage, never in a URL or a log.
 */
export class GatewaySignIn {
  readonly config: SignInConfig;
  readonly #storage: Storage;
  readonly #callbackUrl: string;
  readonly #fetch: typeof fetch;

  constructor(options: {
    config: SignInConfig;
    storage: Storage;
    callbackUrl: string;
    fetch?: typeof fetch;
  }) {
    this.config = options.config;
    this.#storage = options.storage;
    this.#callbackUrl = options.callbackUrl;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** The identity provider's name for the person: its host. */
  get providerName(): string {
    return new URL(this.config.issuer).host;
  }

  /** The access token, while it has not expired. */
  get token(): string | undefined {
    const stored = readJson<StoredToken>(this.#storage, TOKEN_KEY);
    if (!stored || typeof stored.accessToken !== 'string') return undefined;
    if (stored.expiresAt !== undefined && stored.expiresAt <= Date.now()) return undefined;
    return stored.accessToken;
  }

  /** Leaves for the identity provider's sign-in page; the person comes back to `returnHref`. */
  async start(returnHref: string, go: (url: URL) => void): Promise<void> {
    const metadata = await this.#metadata();
    const state = crypto.randomUUID();
    const { authorizationUrl, codeVerifier } = await startAuthorization(this.config.issuer, {
      metadata,
      clientInformation: { client_id: this.config.client_id },
      redirectUrl: this.#callbackUrl,
      ...(this.config.scopes.length > 0 ? { scope: this.config.scopes.join(' ') } : {}),
      state,
      resource: this.config.resource,
    });
    this.#storage.setItem(PENDING_KEY, JSON.stringify({ state, codeVerifier }));
    rememberRedirect(this.#storage, { server: SIGN_IN_REDIRECT, state, returnHref });
    go(authorizationUrl);
  }

  /**
   * Back from the identity provider (the callback page kept its answer): exchanges the code for
   * the token. Resolves to `undefined` when the page did not come back from a sign-in, else to
   * whether it worked and, if not, why (for the sign-in screen).
   */
  async finish(): Promise<{ signedIn: true } | { signedIn: false; problem: string } | undefined> {
    const returned = takeReturnedAuthorization(this.#storage);
    if (returned?.server !== SIGN_IN_REDIRECT) return undefined;
    const pending = readJson<{ state: string; codeVerifier: string }>(this.#storage, PENDING_KEY);
    this.#storage.removeItem(PENDING_KEY);
    const { params } = returned;
    const code = params.get('code');
    if (!code || !pending || params.get('state') !== pending.state) {
      const said = params.get('error_description') ?? params.get('error');
      return {
        signedIn: false,
        problem: said ? `The sign-in was refused: ${said}` : 'The sign-in did not finish.',
      };
    }
    try {
      const tokens = await exchangeAuthorization(this.config.issuer, {
        metadata: await this.#metadata(),
        clientInformation: { client_id: this.config.client_id },
        authorizationCode: code,
        iss: params.get('iss') ?? undefined,
        codeVerifier: pending.codeVerifier,
        redirectUri: this.#callbackUrl,
        resource: this.config.resource,
        fetchFn: this.#fetch,
      });
      const stored: StoredToken = {
        accessToken: tokens.access_token,
        ...(tokens.expires_in ? { expiresAt: Date.now() + tokens.expires_in * 1000 } : {}),
      };
      this.#storage.setItem(TOKEN_KEY, JSON.stringify(stored));
      return { signedIn: true };
    } catch (error) {
      return {
        signedIn: false,
        problem: `The sign-in failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  /** Forgets the token; `notice` says on the sign-in screen why the person is asked again. */
  signOut(notice?: string): void {
    this.#storage.removeItem(TOKEN_KEY);
    if (notice) this.#storage.setItem(NOTICE_KEY, notice);
  }

  /** The notice {@link signOut} left, once. */
  takeNotice(): string | undefined {
    const notice = this.#storage.getItem(NOTICE_KEY) ?? undefined;
    this.#storage.removeItem(NOTICE_KEY);
    return notice;
  }

  async #metadata(): Promise<AuthorizationServerMetadata> {
    const metadata = await discoverAuthorizationServerMetadata(this.config.issuer, { fetchFn: this.#fetch });
    if (!metadata) throw new Error(`${this.providerName} publishes no authorization server metadata`);
    return metadata;
  }
}

function readJson<T>(storage: Storage, key: string): T | undefined {
  try {
    return (JSON.parse(storage.getItem(key) ?? 'null') as T | null) ?? undefined;
  } catch {
    return undefined;
  }
}
