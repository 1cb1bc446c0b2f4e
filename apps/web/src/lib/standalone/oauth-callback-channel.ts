/**
 * The BroadcastChannel on which the OAuth callback page (`oauth-callback.html`) hands the
 * authorization server's answer back to the app. A BroadcastChannel only connects pages of the same
 * origin, so no other site can send or read the code, and the popup needs no `opener`.
 */
export const OAUTH_CALLBACK_CHANNEL = 'switchboard.oauth-callback';

/** The callback page's message: the query of its URL (`code`, `state`, `iss`, or `error`). */
export interface OAuthCallbackMessage {
  search: string;
}

/** The popup showing the authorization page, as far as waiting for it goes. */
export interface AuthorizationPopup {
  readonly closed: boolean;
  close(): void;
}

/** How often a closed popup is noticed (ms). */
const CLOSED_CHECK_MS = 500;

/**
 * Waits for the callback page's answer to the authorization started with `state`, and resolves with
 * its query parameters; answers for other states are ignored. Rejects when `signal` aborts, or when
 * the popup was closed and no answer came within one more check.
 */
export function waitForOAuthCallback(
  state: string,
  signal: AbortSignal,
  popup?: AuthorizationPopup,
): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const channel = new BroadcastChannel(OAUTH_CALLBACK_CHANNEL);
    let closedSeen = false;
    const timer = setInterval(() => {
      if (!popup?.closed) return;
      if (closedSeen)
        finish(() => reject(new Error('The authorization window was closed before it finished')));
      closedSeen = true;
    }, CLOSED_CHECK_MS);
    const onAbort = () => finish(() => reject(signal.reason));
    function finish(settle: () => void) {
      clearInterval(timer);
      channel.close();
      signal.removeEventListener('abort', onAbort);
      settle();
    }
    channel.onmessage = (event: MessageEvent<Partial<OAuthCallbackMessage>>) => {
      if (typeof event.data?.search !== 'string') return;
      const params = new URLSearchParams(event.data.search);
      if (params.get('state') !== state) return;
      popup?.close();
      finish(() => resolve(params));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort);
  });
}
