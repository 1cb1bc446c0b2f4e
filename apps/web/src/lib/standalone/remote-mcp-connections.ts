import type { McpLayer } from '@switchboard/core';
import { McpConnection } from '@switchboard/core';
import { parseRemoteMcpServer, parseRemoteMcpServers, type RemoteMcpServer } from '../remote-mcp-servers.ts';

const STORAGE_KEY = 'switchboard.remote-mcp-servers';

/** A remote server as the page shows it: connected with its tools, or why it is not. */
export interface RemoteMcpStatus extends RemoteMcpServer {
  state: 'connecting' | 'connected' | 'failed';
  /** When failed: what went wrong. */
  error?: string;
}

interface Entry {
  server: RemoteMcpServer;
  connection: McpConnection;
  layer?: McpLayer;
  error?: string;
}

/**
 * The remote MCP servers of standalone mode: connects to each (Streamable HTTP from the page), keeps
 * their layers and clients for the agent loop, and remembers servers added at run time in localStorage.
 */
export class RemoteMcpConnections {
  readonly #storage: Storage;
  readonly #entries = new Map<string, Entry>();

  constructor(storage: Storage) {
    this.#storage = storage;
  }

  /** Connects the configured servers and the ones remembered in storage; failures are kept per server. */
  async connectAll(configured: RemoteMcpServer[]): Promise<void> {
    const servers = [...configured, ...this.#remembered()];
    await Promise.all(
      servers
        .filter((server, index) => servers.findIndex((other) => other.name === server.name) === index)
        .map((server) => this.#connect(server)),
    );
  }

  /**
   * Adds a server at run time: checks it, connects, and remembers it when connected. Resolves to the
   * server's status; an invalid entry or a failed connection gives a `failed` status with the reason.
   */
  async add(input: { name: string; url: string }): Promise<RemoteMcpStatus> {
    const server = parseRemoteMcpServer(input);
    if ('error' in server) return { name: input.name, url: input.url, state: 'failed', error: server.error };
    if (this.#entries.get(server.name)?.layer)
      return { ...server, state: 'failed', error: `a server named "${server.name}" is already connected` };
    const status = await this.#connect(server);
    if (status.state === 'connected')
      this.#remember([...this.#remembered().filter((known) => known.name !== server.name), server]);
    return status;
  }

  /** Disconnects a server and forgets it. */
  async remove(name: string): Promise<void> {
    const entry = this.#entries.get(name);
    this.#entries.delete(name);
    this.#remember(this.#remembered().filter((known) => known.name !== name));
    await entry?.connection.close().catch(() => undefined);
  }

  /** Every server's status. */
  statuses(): RemoteMcpStatus[] {
    return [...this.#entries.values()].map(({ server, layer, error }) => ({
      ...server,
      state: layer ? 'connected' : error ? 'failed' : 'connecting',
      ...(error ? { error } : {}),
    }));
  }

  /** The layers of the connected servers. */
  layers(): McpLayer[] {
    return [...this.#entries.values()].flatMap((entry) => (entry.layer ? [entry.layer] : []));
  }

  /** The clients of the connected servers, by server name (the agent loop's `mcpClients`). */
  clients(): Map<string, McpConnection> {
    return new Map(
      [...this.#entries.values()]
        .filter((entry) => entry.layer)
        .map((entry) => [entry.server.name, entry.connection] as const),
    );
  }

  async #connect(server: RemoteMcpServer): Promise<RemoteMcpStatus> {
    const connection = new McpConnection({
      name: server.name,
      transport: { type: 'http', url: server.url },
      connectTimeoutMs: 15_000,
      // The run's person answers forms and links, its model answers sampling (after approval).
      answerThroughCalls: ['elicitation', 'sampling', 'log'],
    });
    const entry: Entry = { server, connection };
    this.#entries.set(server.name, entry);
    try {
      entry.layer = await connection.layer();
      return { ...server, state: 'connected' };
    } catch (error) {
      entry.error = `Could not connect to the MCP server "${server.name}" at ${server.url}: ${
        error instanceof Error ? error.message : String(error)
      } (the server must be reachable and allow this page's origin by CORS)`;
      await connection.close().catch(() => undefined);
      return { ...server, state: 'failed', error: entry.error };
    }
  }

  #remembered(): RemoteMcpServer[] {
    try {
      return parseRemoteMcpServers(JSON.parse(this.#storage.getItem(STORAGE_KEY) ?? '[]'));
    } catch {
      return [];
    }
  }

  #remember(servers: RemoteMcpServer[]): void {
    this.#storage.setItem(STORAGE_KEY, JSON.stringify(servers));
  }
}
