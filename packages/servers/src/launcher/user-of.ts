import type { AuthInfo } from '@modelcontextprotocol/server';

/** The one user of a server served without authentication (stdio, or HTTP with no `authenticate`). */
export const LOCAL_USER = 'local';

/**
 * Whose data (cart, stored values) a request works on, from the request's authentication alone and
 * never from tool arguments, so neither a model nor another caller can name someone else: the
 * authenticated user (`extra.userId` from the gateway, else the token's `extra.sub`), else the
 * token's `clientId`. Without authentication the server serves one person, {@link LOCAL_USER}: an
 * HTTP server given an `authenticate` function refuses every request it does not authenticate, so
 * only stdio and unauthenticated endpoints get here without `auth`.
 */
export function userOf(auth: AuthInfo | undefined): string {
  if (!auth) return LOCAL_USER;
  const fromExtra = auth.extra?.userId ?? auth.extra?.sub;
  if (typeof fromExtra === 'string' && fromExtra.trim() !== '') return fromExtra.trim();
  return auth.clientId.trim() === '' ? LOCAL_USER : auth.clientId.trim();
}
