import type { McpConnection } from '@switchboard/core';
import type { McpAppPresenterOptions } from './mcp-app-presenter.ts';

/** What {@link readResourceThroughConnections} needs. */
export interface ConnectionResourceReaderOptions {
  /** The host's connections to MCP servers, by server name (the layer's `serverName`). */
  connections: ReadonlyMap<string, Pick<McpConnection, 'readResource'>>;
  /** Stops the reads (a stopped turn reads no more resources). */
  signal: AbortSignal;
  /** How errors name the host: "the gateway", "this page". */
  host: string;
}

/**
 * The `readResource` of an {@link McpAppPresenter} whose apps come from MCP servers the host holds
 * connections to: reads the `ui://` resource through that server's connection. A server the host has
 * no connection to (or a WebMCP server) is an error, which the presenter reports.
 */
export function readResourceThroughConnections(
  options: ConnectionResourceReaderOptions,
): McpAppPresenterOptions['readResource'] {
  const { connections, signal, host } = options;
  return async (server, uri) => {
    const connection = server.protocol === 'mcp' ? connections.get(server.serverName) : undefined;
    if (!connection) throw new Error(`${host} has no connection to the MCP server "${server.serverName}"`);
    return connection.readResource(uri, { signal });
  };
}
