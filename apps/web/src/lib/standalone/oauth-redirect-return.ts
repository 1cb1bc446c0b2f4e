const KEY = 'switchboard.oauth-redirect';

/** An authorization the page left for (popups were blocked): where to come back, and for what. */
interface PendingRedirect {
  server: string;
  state: string;
  returnHref: string;
  /** The callback's query, once the authorization server sent the person back. */
  search?: string;
}

/** The authorization the app came back from: the server's name and the callback's query. */
export interface ReturnedAuthorization {
  server: string;
  params: URLSearchParams;
}

/** Records, before the page goes to the authorization page, where to come back to. */
export function rememberRedirect(storage: Storage, pending: Omit<PendingRedirect, 'search'>): void {
  storage.setItem(KEY, JSON.stringify(pending));
}

/**
 * On the callback page: when the page left the app for this authorization (same `state`), keeps
 * the callback's query for the app and returns the app's address to go back to; else `undefined`
 * (the callback answers a popup).
 */
export function keepRedirectAnswer(storage: Storage, search: string): string | undefined {
  const pending = read(storage);
  if (!pending || new URLSearchParams(search).get('state') !== pending.state) return undefined;
  storage.setItem(KEY, JSON.stringify({ ...pending, search }));
  return pending.returnHref;
}

/** In the app: takes (and forgets) the answer the callback page kept, if any. */
export function takeReturnedAuthorization(storage: Storage): ReturnedAuthorization | undefined {
  const pending = read(storage);
  if (pending?.search === undefined) return undefined;
  storage.removeItem(KEY);
  return { server: pending.server, params: new URLSearchParams(pending.search) };
}

function read(storage: Storage): PendingRedirect | undefined {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? 'null') as PendingRedirect | null;
    return typeof value?.state === 'string' && typeof value.returnHref === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
