import type { ServerContext } from '@modelcontextprotocol/server';

/** The user whose cart is used when nothing identifies one. */
export const GUEST_USER = 'guest';

/**
 * Whose cart a tool call works on. An authenticated caller always wins, so a model cannot reach
 * someone else's cart: the request's auth info (`extra.userId`, else `extra.sub`, else the
 * token's `clientId`). Without auth info (stdio, an unauthenticated endpoint), the tool's `user`
 * argument is used, and without that the shared {@link GUEST_USER} cart.
 */
export function resolveUser(ctx: ServerContext, argument: string | undefined): string {
  const auth = ctx.http?.authInfo;
  if (auth) {
    const fromExtra = auth.extra?.userId ?? auth.extra?.sub;
    if (typeof fromExtra === 'string' && fromExtra.trim() !== '') return fromExtra.trim();
    if (auth.clientId.trim() !== '') return auth.clientId.trim();
  }
  const named = argument?.trim();
  return named ? named : GUEST_USER;
}
