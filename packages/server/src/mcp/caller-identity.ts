import { AsyncLocalStorage } from 'node:async_hooks';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { McpConnectionOptions } from '@switchboard/core';

type FetchLike = NonNullable<McpConnectionOptions['fetch']>;

/** The header naming the gateway user a call to a shipped server is made for. */
export const CALLER_HEADER = 'x-switchboard-user';

const callers = new AsyncLocalStorage<string>();

/** Runs `work` on behalf of a gateway user: the shipped servers it calls see that user. */
export function asCaller<T>(userId: string, work: () => T): T {
  return callers.run(userId, work);
}

/**
 * The fetch for the shipped servers this gateway runs: every request carries the process's secret
 * and the user the current work is done for (see {@link asCaller}), so a server keeps each user's
 * data apart (the shop's carts) whatever a model passes as arguments.
 */
export function callerIdentifyingFetch(secret: string, base: FetchLike): FetchLike {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${secret}`);
    const user = callers.getStore();
    if (user === undefined) headers.delete(CALLER_HEADER);
    else headers.set(CALLER_HEADER, user);
    return base(input, { ...init, headers });
  };
}

/** Who a shipped server's request is for, as the MCP SDK hands it to tools (`ctx.http.authInfo`). */
export interface CallerAuth {
  token: string;
  clientId: string;
  scopes: string[];
  extra: { userId: string };
}

/**
 * The shipped servers' side: a request is the gateway's for a user when it carries the process's
 * secret and a user; anything else (another local process, no user) is anonymous.
 */
export function authenticateCaller(secret: string): (request: IncomingMessage) => CallerAuth | undefined {
  const expected = Buffer.from(`Bearer ${secret}`);
  return (request) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const user = request.headers[CALLER_HEADER];
    if (typeof user !== 'string' || user.trim() === '') return undefined;
    return { token: secret, clientId: 'switchboard-gateway', scopes: [], extra: { userId: user } };
  };
}
