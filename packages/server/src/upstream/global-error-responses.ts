import type { McpConnectionOptions } from '@switchboard/core';

type Fetch = NonNullable<McpConnectionOptions['fetch']>;

/**
 * A fetch whose error answers (status 400 and above) are made again with the global `Response` of
 * the moment. The gateway's HTTP server (Hono's Node adapter) replaces the global `Response` with
 * a lighter class of its own, so what Node's fetch answers is no `instanceof Response` any more;
 * the MCP SDK checks exactly that before it reads an OAuth error answer, and would otherwise read
 * each one as "[object Response]" (a revoked refresh token's `invalid_grant` going unrecognized).
 */
export function withGlobalErrorResponses(fetch: Fetch = globalThis.fetch): Fetch {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (response.status < 400 || isGlobalResponse(response)) return response;
    return new Response(await response.arrayBuffer(), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** Whether a value is of the global `Response` class as it is now (not narrowing: the types cannot tell the two apart). */
function isGlobalResponse(value: unknown): boolean {
  return value instanceof Response;
}
