import type { McpLayer } from '../../types/layers.ts';
import { ChangeListeners } from './change-listeners.ts';
import type { McpConnectionOptions } from './connection-options.ts';
import { McpConnection } from './mcp-connection.ts';
import type { ToolsChangedListener } from './tool-list.ts';

/** A server whose layer could not be loaded. */
export interface McpLayerFailure {
  server: string;
  error: Error;
}

/** The layers of a pool's servers, and the servers that failed. */
export interface McpPoolLayers {
  layers: McpLayer[];
  failures: McpLayerFailure[];
}

/**
 * The MCP servers of one session or gateway, by name. Hands the dispatcher its
 * `ReadonlyMap<string, McpToolClient>` ({@link clients}), loads all layers in parallel,
 * forwards tool-list changes and closes every connection at once.
 */
export class McpClientPool {
  private readonly connections = new Map<string, McpConnection>();
  private readonly unsubscribes = new Map<string, () => void>();
  private readonly listeners = new ChangeListeners<McpLayer>();

  /** The connections by server name (a live view: it follows add and remove). */
  get clients(): ReadonlyMap<string, McpConnection> {
    return this.connections;
  }

  /** Number of servers in the pool. */
  get size(): number {
    return this.connections.size;
  }

  /**
   * Adds a server, from options or an existing connection (the pool then owns it).
   * Throws when a server of the same name is already in the pool.
   */
  add(server: McpConnectionOptions | McpConnection): McpConnection {
    const connection = server instanceof McpConnection ? server : this.createConnection(server);
    if (this.connections.has(connection.name)) {
      throw new Error(
        `McpClientPool: a server named "${connection.name}" is already in the pool; remove it first.`,
      );
    }
    this.connections.set(connection.name, connection);
    this.unsubscribes.set(
      connection.name,
      connection.onToolsChanged((layer) => this.listeners.notify(layer)),
    );
    return connection;
  }

  /** Makes the connection for servers added by options (the Node pool overrides it to pool HTTP requests). */
  protected createConnection(options: McpConnectionOptions): McpConnection {
    return new McpConnection(options);
  }

  /** The connection to a server, if it is in the pool. */
  get(name: string): McpConnection | undefined {
    return this.connections.get(name);
  }

  /** Whether a server of that name is in the pool. */
  has(name: string): boolean {
    return this.connections.has(name);
  }

  /** Removes a server and closes its connection. Resolves `false` when there was none. */
  async remove(name: string): Promise<boolean> {
    const connection = this.connections.get(name);
    if (!connection) return false;
    this.connections.delete(name);
    this.unsubscribes.get(name)?.();
    this.unsubscribes.delete(name);
    await connection.close();
    return true;
  }

  /** Connects to every server in parallel and collects their layers; failures are reported, not thrown. */
  async layers(options: { signal?: AbortSignal } = {}): Promise<McpPoolLayers> {
    const entries = [...this.connections.values()];
    const settled = await Promise.allSettled(entries.map((connection) => connection.layer(options)));
    const result: McpPoolLayers = { layers: [], failures: [] };
    settled.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') result.layers.push(outcome.value);
      else {
        const error = outcome.reason instanceof Error ? outcome.reason : new Error(String(outcome.reason));
        result.failures.push({ server: entries[index].name, error });
      }
    });
    return result;
  }

  /** Subscribes to tool-list changes of every server in the pool. Returns the unsubscribe function. */
  onToolsChanged(listener: ToolsChangedListener): () => void {
    return this.listeners.add(listener);
  }

  /** Closes every connection and empties the pool. */
  async close(): Promise<void> {
    const names = [...this.connections.keys()];
    await Promise.all(names.map((name) => this.remove(name)));
    this.listeners.clear();
  }
}
