import { OAuthSessionProvider } from '@switchboard/core';
import type { RemoteMcpServer } from '../remote-mcp-servers.ts';
import { oauthStateStorage } from './oauth-state-storage.ts';

/** Options of {@link browserOAuthProvider}. */
export interface BrowserOAuthProviderOptions {
  /** Where the OAuth state is kept (sessionStorage in the app). */
  storage: Storage;
  server: RemoteMcpServer;
  /** The app's callback page, registered as the only redirect URI. */
  callbackUrl: string;
  /** The `state` binding the callback to this authorization. */
  state?: string;
  /** Shows the authorization page. */
  openPage: (url: URL) => void;
}

/**
 * Core's {@link OAuthSessionProvider} for one server the page connects to: a public client (no
 * secret, PKCE) registered dynamically with the app's callback page as its redirect URI, keeping its
 * state in browser storage.
 */
export function browserOAuthProvider(options: BrowserOAuthProviderOptions): OAuthSessionProvider {
  return new OAuthSessionProvider({
    redirectUrl: options.callbackUrl,
    clientMetadata: {
      client_name: 'Switchboard (web app)',
      redirect_uris: [options.callbackUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    store: oauthStateStorage(options.storage, options.server.url),
    state: options.state,
    openAuthorizationPage: options.openPage,
  });
}
