import {
  McpClientPool,
  McpConnection,
  type McpConnectionOptions,
  type McpLayer,
  type McpToolDef,
  type McpTransportConfig,
  stdioTransport,
} from '@switchboard/core/node';
import type { User } from '../auth/user.ts';
import { CONTROL_CHANNEL, type ControlMessage, type GatewayBus } from '../coordination/gateway-bus.ts';
import type { Database } from '../storage/database.ts';
import type { EnabledTool } from '../store/conversation.ts';
import { listServerRows, type ServerRow } from '../store/server-store.ts';
import { withDeadline } from './with-deadline.ts';

/** A server's state on this replica. */
export type ServerStatus = 'connected' | 'idle' | 'error' | 'stopped' | 'unavailable';

/** A registered server as the API shows it (secrets in headers and env are masked). */
export interface ServerView {
  id: string;
  name: string;
  description: string | null;
  owner: 'deployment' | 'you' | string;
  transport: ServerRow['transport'];
  enabled: boolean;
  status: ServerStatus;
  error?: string;
  tool_count?: number;
  protocol_version?: string;
}

/** What the registry needs from the gateway. */
export interface ServerRegistryOptions {
  db: Database;
  bus: GatewayBus;
  /** Transports of the built-in servers this replica runs, by built-in name. */
  builtins?: ReadonlyMap<string, McpTransportConfig>;
  /** The fetch for the built-in servers (one that tells them the caller); none uses the default. */
  builtinFetch?: McpConnectionOptions['fetch'];
  /** The fetch for servers registered by non-administrators (the SSRF guard); none allows all. */
  publicOnlyFetch?: McpConnectionOptions['fetch'];
  /** Re-read the registry at most this often without a change notice (ms, default 2000). */
  syncIntervalMs?: number;
  /** Time to connect and list tools before a server is skipped for a turn (ms, default 10 000). */
  connectTimeoutMs?: number;
  /** After a failure, wait this long before trying the server again (ms, default 5000). */
  retryAfterMs?: number;
}

interface Entry {
  row: ServerRow;
  connection?: McpConnection;
  error?: string;
  failedAt?: number;
  toolCount?: number;
}

/**
 * The MCP servers known to the gateway: registrations live in the database (shared by replicas);
 * each replica keeps its own connections in a core `McpClientPool`, follows start/stop and removal
 * (notified on the bus, re-read every few seconds anyway), and hands each turn the layers and
 * clients of the servers its user may use.
 */
export class ServerRegistry {
  readonly #options: ServerRegistryOptions;
  readonly #pool = new McpClientPool();
  readonly #entries = new Map<string, Entry>();
  #syncedAt = 0;
  #syncing?: Promise<void>;
  #unsubscribe?: () => Promise<void>;

  constructor(options: ServerRegistryOptions) {
    this.#options = options;
  }

  /** Connections by server name, for the dispatcher (a live view). */
  get clients(): McpClientPool['clients'] {
    return this.#pool.clients;
  }

  /** Loads the registrations and listens for changes made by other replicas. */
  async start(): Promise<void> {
    this.#unsubscribe = await this.#options.bus.subscribe(CONTROL_CHANNEL, (message) => {
      if ((JSON.parse(message) as ControlMessage).type === 'servers-changed') this.#syncedAt = 0;
    });
    await this.sync(true);
  }

  /** Tells every replica (this one included) that registrations changed. */
  async announceChange(): Promise<void> {
    this.#syncedAt = 0;
    await this.#options.bus.publish(
      CONTROL_CHANNEL,
      JSON.stringify({ type: 'servers-changed' } satisfies ControlMessage),
    );
  }

  /** Re-reads the registrations when stale (or `force`), opening and closing connections to match. */
  async sync(force = false): Promise<void> {
    if (!force && Date.now() - this.#syncedAt < (this.#options.syncIntervalMs ?? 2_000)) return;
    this.#syncing ??= this.#reconcile().finally(() => {
      this.#syncing = undefined;
    });
    await this.#syncing;
  }

  /** The registrations a user can see: the deployment's and their own (administrators see all). */
  async visible(user: User): Promise<ServerRow[]> {
    await this.sync();
    return [...this.#entries.values()].map((entry) => entry.row).filter((row) => canSee(user, row));
  }

  /** One registration the user can see. */
  async find(user: User, id: string): Promise<ServerRow | undefined> {
    return (await this.visible(user)).find((row) => row.id === id);
  }

  /** The API view of a registration, with this replica's status. */
  view(user: User, row: ServerRow): ServerView {
    const entry = this.#entries.get(row.id);
    const info = entry?.connection?.info;
    const status = statusOf(row, entry, this.#options.builtins);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      owner: row.owner_id === null ? 'deployment' : row.owner_id === user.id ? 'you' : row.owner_id,
      transport: maskSecrets(row.transport),
      enabled: row.enabled,
      status,
      ...(status === 'error' && entry?.error ? { error: entry.error } : {}),
      ...(info?.protocolVersion ? { protocol_version: info.protocolVersion } : {}),
      ...(entry?.toolCount !== undefined ? { tool_count: entry.toolCount } : {}),
    };
  }

  /** The running connection to a server, or an explanation of why there is none. */
  connection(row: ServerRow): McpConnection | { unavailable: string } {
    const entry = this.#entries.get(row.id);
    if (!row.enabled) return { unavailable: `server "${row.name}" is stopped; start it first` };
    if (!entry?.connection) {
      return {
        unavailable: `server "${row.name}" is not available on this gateway${entry?.error ? `: ${entry.error}` : ''}`,
      };
    }
    return entry.connection;
  }

  /** Lists a server's tools (connecting first); rejects with the connection's explanation. */
  async tools(row: ServerRow): Promise<McpToolDef[]> {
    return (await this.#layer(row, true)).tools;
  }

  /**
   * The layers of the servers a turn may use: running, visible to the user and, when the
   * conversation enables tools explicitly, only those. Servers that cannot be reached are left out
   * (and retried later).
   */
  async layersFor(user: User, enabled: readonly EnabledTool[]): Promise<McpLayer[]> {
    const rows = (await this.visible(user)).filter((row) => row.enabled);
    const wanted =
      enabled.length > 0 ? rows.filter((row) => enabled.some((tool) => tool.server_id === row.id)) : rows;
    const layers = await Promise.all(wanted.map((row) => this.#layer(row, false).catch(() => undefined)));
    return layers.flatMap((layer, index) => {
      if (!layer) return [];
      if (enabled.length === 0) return [layer];
      const names = new Set(
        enabled.filter((tool) => tool.server_id === wanted[index].id).map((tool) => tool.tool_name),
      );
      return [
        {
          ...layer,
          tools: names.has('*') ? layer.tools : layer.tools.filter((tool) => names.has(tool.name)),
        },
      ];
    });
  }

  /** Closes every connection. */
  async close(): Promise<void> {
    await this.#unsubscribe?.();
    await this.#syncing?.catch(() => undefined);
    await this.#pool.close();
    this.#entries.clear();
  }

  async #layer(row: ServerRow, retryNow: boolean): Promise<McpLayer> {
    const connection = this.connection(row);
    if (!(connection instanceof McpConnection)) throw new Error(connection.unavailable);
    const entry = this.#entries.get(row.id) as Entry;
    const retryAfter = this.#options.retryAfterMs ?? 5_000;
    if (!retryNow && entry.failedAt !== undefined && Date.now() - entry.failedAt < retryAfter) {
      throw new Error(entry.error);
    }
    try {
      const layer = await withDeadline(this.#options.connectTimeoutMs ?? 10_000, (signal) =>
        connection.layer({ signal }),
      );
      entry.error = undefined;
      entry.failedAt = undefined;
      entry.toolCount = layer.tools.length;
      return row.description && !layer.description ? { ...layer, description: row.description } : layer;
    } catch (error) {
      entry.error = error instanceof Error ? error.message : String(error);
      entry.failedAt = Date.now();
      throw error;
    }
  }

  async #reconcile(): Promise<void> {
    const rows = await listServerRows(this.#options.db);
    this.#syncedAt = Date.now();
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.id);
      const entry = this.#entries.get(row.id);
      const changed =
        !entry ||
        JSON.stringify(entry.row.transport) !== JSON.stringify(row.transport) ||
        entry.row.name !== row.name;
      if (entry && (changed || !row.enabled)) await this.#disconnect(entry);
      const next: Entry = entry && !changed ? { ...entry, row } : { row };
      if (row.enabled && !next.connection) this.#connect(next);
      this.#entries.set(row.id, next);
    }
    for (const [id, entry] of this.#entries) {
      if (seen.has(id)) continue;
      await this.#disconnect(entry);
      this.#entries.delete(id);
    }
  }

  #connect(entry: Entry): void {
    const transport = this.#transportOf(entry.row);
    if (!transport) return;
    const options: McpConnectionOptions = {
      name: entry.row.name,
      transport,
      // A server's questions and logs go to the turn whose call asked (never when turns of several users could have).
      answerThroughCalls: ['elicitation', 'sampling', 'log'],
      ...(entry.row.description ? { description: entry.row.description } : {}),
      ...(entry.row.transport.type === 'http' && entry.row.transport.headers
        ? { headers: entry.row.transport.headers }
        : {}),
      ...(entry.row.transport.type === 'http' && entry.row.owner_id !== null && this.#options.publicOnlyFetch
        ? { fetch: this.#options.publicOnlyFetch }
        : {}),
      ...(entry.row.transport.type === 'builtin' && this.#options.builtinFetch
        ? { fetch: this.#options.builtinFetch }
        : {}),
    };
    try {
      entry.connection = this.#pool.add(new McpConnection(options));
    } catch (error) {
      entry.error = error instanceof Error ? error.message : String(error);
      entry.failedAt = Date.now();
    }
  }

  async #disconnect(entry: Entry): Promise<void> {
    if (!entry.connection) return;
    entry.connection = undefined;
    await this.#pool.remove(entry.row.name).catch(() => undefined);
  }

  #transportOf(row: ServerRow): McpTransportConfig | undefined {
    const transport = row.transport;
    switch (transport.type) {
      case 'http':
        return { type: 'http', url: transport.url };
      case 'stdio':
        return stdioTransport({
          command: transport.command,
          args: transport.args,
          env: transport.env,
          cwd: transport.cwd,
        });
      case 'builtin':
        return this.#options.builtins?.get(transport.name);
    }
  }
}

function canSee(user: User, row: ServerRow): boolean {
  return user.role === 'admin' || row.owner_id === null || row.owner_id === user.id;
}

function statusOf(
  row: ServerRow,
  entry: Entry | undefined,
  builtins?: ReadonlyMap<string, McpTransportConfig>,
): ServerStatus {
  if (!row.enabled) return 'stopped';
  if (row.transport.type === 'builtin' && !builtins?.has(row.transport.name)) return 'unavailable';
  if (!entry?.connection) return entry?.error ? 'error' : 'unavailable';
  if (entry.error) return 'error';
  return entry.connection.info.status === 'connected' ? 'connected' : 'idle';
}

function maskSecrets(transport: ServerRow['transport']): ServerRow['transport'] {
  const mask = (values?: Record<string, string>) =>
    values && Object.fromEntries(Object.keys(values).map((key) => [key, '***']));
  if (transport.type === 'http' && transport.headers)
    return { ...transport, headers: mask(transport.headers) };
  if (transport.type === 'stdio' && transport.env) return { ...transport, env: mask(transport.env) };
  return transport;
}
