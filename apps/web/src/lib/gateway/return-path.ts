/** The query parameters naming the conversation a page comes back to, and the server just connected. */
const CONVERSATION_PARAM = 'conversation';
const CONNECTED_PARAM = 'connected';

/** What the address of a page coming back from an authorization redirect says. */
export interface ReturnedPage {
  conversationId: string;
  /** The server the person has just connected (the gateway redirects back only when it is). */
  serverId?: string;
  /** The page's address without these parameters (to put in the history). */
  href: string;
}

/**
 * The path the gateway redirects to once the person has connected a server: the app's own path,
 * query and fragment, with the open conversation and the server named in the query, so the page
 * shows that conversation again and says the server is connected.
 */
export function returnPath(pageHref: string, conversationId: string, serverId: string): string {
  const url = new URL(pageHref);
  url.searchParams.set(CONVERSATION_PARAM, conversationId);
  url.searchParams.set(CONNECTED_PARAM, serverId);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What a page came back to (see {@link returnPath}); undefined when its address names no conversation. */
export function returnedPage(pageHref: string): ReturnedPage | undefined {
  const url = new URL(pageHref);
  const conversationId = url.searchParams.get(CONVERSATION_PARAM);
  if (!conversationId) return undefined;
  const serverId = url.searchParams.get(CONNECTED_PARAM) || undefined;
  url.searchParams.delete(CONVERSATION_PARAM);
  url.searchParams.delete(CONNECTED_PARAM);
  return { conversationId, ...(serverId ? { serverId } : {}), href: url.href };
}
