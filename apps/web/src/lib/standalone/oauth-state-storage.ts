import type { OAuthClientState, OAuthStateStore } from '@switchboard/core';

const PREFIX = 'switchboard.oauth:';

/**
 * Standalone mode's OAuth state (client registration, tokens, PKCE verifier) for one MCP server,
 * kept in the given Web Storage under the server's URL. The app passes `sessionStorage`: the tokens
 * survive a reload of the tab but not its closing, and no other tab sees them. Like anything the page
 * keeps, they are readable by any script running in the page's origin (an XSS hole would expose them),
 * so the app never logs them and never puts them in a URL.
 */
export function oauthStateStorage(storage: Storage, serverUrl: string): OAuthStateStore {
  const key = `${PREFIX}${serverUrl}`;
  return {
    load: () => {
      try {
        return JSON.parse(storage.getItem(key) ?? '{}') as OAuthClientState;
      } catch {
        return {};
      }
    },
    save: (state) => storage.setItem(key, JSON.stringify(state)),
  };
}

/** Drops what {@link oauthStateStorage} kept for a server (the app forgets the server). */
export function forgetOAuthState(storage: Storage, serverUrl: string): void {
  storage.removeItem(`${PREFIX}${serverUrl}`);
}
