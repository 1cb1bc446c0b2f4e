import { extractWWWAuthenticateParams, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/client';
import type { McpConnectionOptions } from '@switchboard/core';

/** What an OAuth-protected MCP server's `401` challenge names (`WWW-Authenticate: Bearer …`). */
export interface ServerChallenge {
  /** The scope a first authorization asks for (`scope="…"`). */
  scope?: string;
  /** Where its protected-resource metadata is (`resource_metadata="…"`, RFC 9728 §5.1). */
  resourceMetadataUrl?: URL;
}

/**
 * The challenge an OAuth-protected MCP server answers a request without a token with: by the MCP
 * specification, a first authorization asks for the scope it names (rather than every scope the
 * server supports) and reads the protected-resource metadata at the URL it names, before the
 * well-known ones. Empty when the server names nothing, does not answer 401, or cannot be reached
 * (the authorization then finds out why). A server that lets the probe's `initialize` in has its
 * session ended at once (`DELETE`). `fetch` is the server's (for a user's server, the SSRF guard,
 * which also checks the metadata URL when it is fetched).
 */
export async function serverChallenge(
  url: string,
  fetch: McpConnectionOptions['fetch'] = globalThis.fetch,
): Promise<ServerChallenge> {
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
    if (response.status !== 401) return {};
    const { scope, resourceMetadataUrl } = extractWWWAuthenticateParams(response);
    return { ...(scope ? { scope } : {}), ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}) };
  } catch {
    return {};
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
