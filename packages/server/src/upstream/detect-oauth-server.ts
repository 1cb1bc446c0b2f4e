import { discoverOAuthProtectedResourceMetadata, SdkHttpError } from '@modelcontextprotocol/client';
import type { McpConnectionOptions } from '@switchboard/core';

/** True when a failure (or one of its causes) is the server's `401 Unauthorized`. */
export function refusedUnauthorized(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof SdkHttpError && current.status === 401) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether the MCP server at `url` is an OAuth protected resource (MCP authorization): it
 * publishes RFC 9728 metadata naming an authorization server. A server that merely wants an
 * API key in a header does not, and keeps its shared connection.
 */
export async function isOAuthProtected(url: string, fetch?: McpConnectionOptions['fetch']): Promise<boolean> {
  try {
    const metadata = await discoverOAuthProtectedResourceMetadata(url, undefined, fetch);
    return (metadata.authorization_servers ?? []).length > 0;
  } catch {
    return false;
  }
}
