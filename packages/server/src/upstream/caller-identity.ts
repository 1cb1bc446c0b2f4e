import { AsyncLocalStorage } from 'node:async_hooks';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { McpConnectionOptions } from '@switchboard/core';

type FetchLike = NonNullable<McpConnectionOptions['fetch']>;

/** The header naming the gateway user a call to a shipped server is made for. */
export const CALLER_HEADER = 'x-switchboard-user';

/**
 * The header the gateway's requests made for no user carry instead (connecting, listing tools,
 * prompts and templates): the servers see the gateway itself, whose store holds nothing of anyone's.
 */
export const GATEWAY_ITSELF_HEADER = 'x-switchboard-gateway';

/** Who the shipped servers see behind the gateway's requests made for no user. */
const GATEWAY_ITSELF = 'switchboard-gateway';

const callers = new AsyncLocalStorage<string>();

/** Runs `work` on behalf of a gateway user: the shipped servers it calls see that user. */
export function asCaller<T>(userId: string, work: () => T): T {
  return callers.run(userId, work);
}

/**
 * The fetch for the shipped servers this gateway runs: every request carries the process's secret
 * and the user the current work is done for (see {@link asCaller}), or else says it is the
 * gateway's own, so a server keeps each user's data apart (carts, stored values) whatever a model
 * passes as arguments.
 */
export function callerIdentifyingFetch(secret: string, base: FetchLike): FetchLike {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${secret}`);
    const user = callers.getStore();
    headers.delete(CALLER_HEADER);
    headers.delete(GATEWAY_ITSELF_HEADER);
    if (user === undefined) headers.set(GATEWAY_ITSELF_HEADER, '1');
    else headers.set(CALLER_HEADER, user);
    return base(input, { ...init, headers });
  };
}

/** Who a shipped server's request is for, as the MCP SDK hands it to tools (`ctx.http.authInfo`). */
export interface CallerAuth {
  token: string;
  clientId: string;
  scopes: string[];
  /** The user; none on the gateway's own requests, which the servers see as `clientId`. */
  extra: { userId?: string };
}

/**
 * The shipped servers' side: a request is the gateway's when it carries the process's secret, made
 * for the user it names or marked as the gateway's own. Anything else (another local process, the
 * secret with neither) authenticates as no one, and the server refuses it (401).
 */
export function authenticateCaller(secret: string): (request: IncomingMessage) => CallerAuth | undefined {
  const expected = Buffer.from(`Bearer ${secret}`);
  return (request) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const user = request.headers[CALLER_HEADER];
    if (typeof user === 'string' && user.trim() !== '')
      return { token: secret, clientId: GATEWAY_ITSELF, scopes: [], extra: { userId: user } };
    if (request.headers[GATEWAY_ITSELF_HEADER] === '1')
      return { token: secret, clientId: GATEWAY_ITSELF, scopes: [], extra: {} };
    return undefined;
  };
}
