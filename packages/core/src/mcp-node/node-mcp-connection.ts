import type { McpConnectionOptions } from '../mcp/connection/connection-options.ts';
import { McpClientPool } from '../mcp/connection/mcp-client-pool.ts';
import { McpConnection } from '../mcp/connection/mcp-connection.ts';
import { createNodeFetch, type NodeFetch } from './node-fetch.ts';

/**
 * An {@link McpConnection} for Node: unless `fetch` is given, its HTTP and SSE transports
 * send through a fetch of its own built on undici's pooled keep-alive connections
 * ({@link createNodeFetch}) — several times cheaper per request than Node's global `fetch`.
 * `close()` also closes those pooled connections. `@switchboard/core/node` exports it as
 * `McpConnection`.
 */
export class NodeMcpConnection extends McpConnection {
  readonly #ownFetch?: NodeFetch;

  constructor(options: McpConnectionOptions) {
    const type = options.transport.type;
    const ownFetch =
      options.fetch === undefined && (type === 'http' || type === 'sse') ? createNodeFetch() : undefined;
    super(ownFetch ? { ...options, fetch: ownFetch } : options);
    this.#ownFetch = ownFetch;
  }

  override async close(): Promise<void> {
    try {
      await super.close();
    } finally {
      await this.#ownFetch?.close();
    }
  }
}

/**
 * An {@link McpClientPool} whose servers added by options are {@link NodeMcpConnection}s.
 * `@switchboard/core/node` exports it as `McpClientPool`.
 */
export class NodeMcpClientPool extends McpClientPool {
  protected override createConnection(options: McpConnectionOptions): McpConnection {
    return new NodeMcpConnection(options);
  }
}
