import { extractWWWAuthenticateParams, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/client';
import type { McpConnectionOptions } from '@switchboard/core';

/**
 * The scope an OAuth-protected MCP server names in its `401` challenge to a request without a
 * token (`WWW-Authenticate: Bearer scope="…"`): what a first authorization asks for, by the MCP
 * specification's scope selection, rather than every scope the server supports. Undefined when the
 * server names none, does not answer 401, or cannot be reached (the authorization then finds out why).
 * A server that lets the probe's `initialize` in has its session ended at once (`DELETE`).
 */
export async function challengedScope(
  url: string,
  fetch: McpConnectionOptions['fetch'] = globalThis.fetch,
): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: LATEST_PROTOCOL_VERSION,
          capabilities: {},
          clientInfo: { name: 'Switchboard', version: '0' },
        },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel().catch(() => undefined);
    await endSession(url, response.headers.get('mcp-session-id'), fetch);
    return response.status === 401 ? extractWWWAuthenticateParams(response).scope : undefined;
  } catch {
    return undefined;
  }
}

/** Ends the session a server opened for the probe, if it did (best effort: the server may keep it). */
async function endSession(
  url: string,
  sessionId: string | null,
  fetch: NonNullable<McpConnectionOptions['fetch']>,
): Promise<void> {
  if (!sessionId) return;
  try {
    const response = await fetch(url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': sessionId },
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel().catch(() => undefined);
  } catch {
    // Not ended: the server drops it when it expires sessions.
  }
}
