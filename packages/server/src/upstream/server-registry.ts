import { randomUUID } from 'node:crypto';
import {
  createNodeFetch,
  McpClientPool,
  McpConnection,
  McpConnectionError,
  type McpConnectionOptions,
  type McpLayer,
  type McpToolDef,
  type McpTransportConfig,
} from '@switchboard/core/node';
import type { User } from '../auth/user.ts';
import {
  CONTROL_CHANNEL,
  type ControlMessage,
  type GatewayBus,
  type ServerListChangedMessage,
} from '../bus/gateway-bus.ts';
import type { Database } from '../storage/database.ts';
import type { EnabledTool } from '../store/conversation.ts';
import { listAuthorizedServerIds, loadServerCredential } from '../store/server-credential-store.ts';
import { listServerRows, markServerOAuth, type ServerRow, usesOAuth } from '../store/server-store.ts';
import { AuthorizationRequiredError } from './authorization-required-error.ts';
import { isOAuthProtected, refusedUnauthorized } from './detect-oauth-server.ts';
import { canManageServer, canUseServer } from './server-access.ts';
import { serverConnectionOptions, serverTransport } from './server-connection-options.ts';
import { type ServerListChangeListener, ServerListChanges } from './server-list-changes.ts';
import { type ServerState, type ServerView, serverView } from './server-view.ts';
import { type ToolDefinitionChange, ToolPins } from './tool-pins.ts';
import { gatherTurnTools, type TurnTools, type UserLayer } from './turn-tools.ts';
import { UserConnections } from './user-connections.ts';
import { withDeadline } from './with-deadline.ts';

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
  /**
   * Servers that authorize each user with OAuth: the key their credentials are encrypted under and
   * the gateway's callback URL. Without a key such servers cannot be used.
   */
  oauth?: { key?: Uint8Array; redirectUrl: () => string };
  /** Hears of tools whose definition changed, or whose annotations tried to loosen (see {@link ToolPins}). */
  onToolChanged?: (change: ToolDefinitionChange) => void;
}

export type { TurnTools, UnavailableServer } from './turn-tools.ts';

interface Entry extends ServerState {
  row: ServerRow;
  failedAt?: number;
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
  readonly #users?: UserConnections;
  readonly #listChanges = new ServerListChanges();
  /** This replica, in the list changes it tells the others of. */
  readonly #origin = randomUUID();
  /** Whether the registrations were read once (the first reading changes nothing anyone saw). */
  #loaded = false;
  readonly #nodeFetch = createNodeFetch();
  /** Each tool's strictest annotations seen, which every listing handed out carries. */
  readonly #pins: ToolPins;
  #syncedAt = 0;
  #syncing?: Promise<void>;
  #unsubscribe?: () => Promise<void>;

  constructor(options: ServerRegistryOptions) {
    this.#options = options;
    this.#pins = new ToolPins(options.db, (change) => options.onToolChanged?.(change));
    const key = options.oauth?.key;
    if (key && options.oauth)
      this.#users = new UserConnections({ db: options.db, key, redirectUrl: options.oauth.redirectUrl });
  }

  /** Shared connections by server name, for the dispatcher (a live view; per-user ones are in {@link toolsFor}). */
  get clients(): McpClientPool['clients'] {
    return this.#pool.clients;
  }

  /**
   * Loads the registrations and listens for changes made by other replicas (re-reading the
   * registrations at once, so their list changes reach this replica's clients), and for the list
   * changes their connections hear; tells them of those this replica's connections hear.
   */
  async start(): Promise<void> {
    this.#unsubscribe = await this.#options.bus.subscribe(CONTROL_CHANNEL, (message) => {
      const control = JSON.parse(message) as ControlMessage;
      if (control.type === 'servers-changed') this.#syncAgain();
      if (control.type === 'server-list-changed' && control.origin !== this.#origin)
        void this.#listChanges.refresh(control.serverId, control.list, control.userId);
    });
    this.#listChanges.add((change) => {
      if (change.source !== 'connection') return;
      const message: ServerListChangedMessage = {
        type: 'server-list-changed',
        origin: this.#origin,
        serverId: change.row.id,
        list: change.list,
        ...(change.userId ? { userId: change.userId } : {}),
      };
      void this.#options.bus.publish(CONTROL_CHANNEL, JSON.stringify(message)).catch(() => undefined);
    });
    await this.sync(true);
  }

  /** Re-reads the registrations now (after the reading under way, which may predate the change). */
  #syncAgain(): void {
    this.#syncedAt = 0;
    const current = this.#syncing?.catch(() => undefined) ?? Promise.resolve();
    void current.then(() => this.sync(true)).catch(() => undefined);
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

  /** The registrations a user may use (see {@link canUseServer}): the deployment's, their own, shared ones. */
  async usable(user: User): Promise<ServerRow[]> {
    await this.sync();
    return [...this.#entries.values()].map((entry) => entry.row).filter((row) => canUseServer(user, row));
  }

  /** The registrations a user may manage (see {@link canManageServer}): an administrator's are all of them. */
  async manageable(user: User): Promise<ServerRow[]> {
    await this.sync();
    return [...this.#entries.values()].map((entry) => entry.row).filter((row) => canManageServer(user, row));
  }

  /** A registration by id, whoever owns it (for the OAuth callback, bound to its user by `state`). */
  async byId(id: string): Promise<ServerRow | undefined> {
    await this.sync();
    return this.#entries.get(id)?.row;
  }

  /** One registration the user may use. */
  async find(user: User, id: string): Promise<ServerRow | undefined> {
    return (await this.usable(user)).find((row) => row.id === id);
  }

  /** One registration the user may use or manage (for its view and management routes). */
  async findManaged(user: User, id: string): Promise<ServerRow | undefined> {
    await this.sync();
    const row = this.#entries.get(id)?.row;
    return row && (canUseServer(user, row) || canManageServer(user, row)) ? row : undefined;
  }

  /** The API views of registrations, with this replica's status and the user's authorization. */
  async views(user: User, rows: readonly ServerRow[]): Promise<ServerView[]> {
    const authorized = rows.some(usesOAuth)
      ? await listAuthorizedServerIds(this.#options.db, user.id)
      : new Set<string>();
    return rows.map((row) =>
      serverView(user, row, this.#entries.get(row.id), authorized, this.#options.builtins),
    );
  }

  /** The API view of one registration (see {@link views}). */
  async view(user: User, row: ServerRow): Promise<ServerView> {
    return (await this.views(user, [row]))[0];
  }

  /**
   * The running connection to a server (the user's own for OAuth servers, after checking they
   * connected it: else {@link AuthorizationRequiredError}), or an explanation of why there is none.
   */
  async connection(row: ServerRow, user: User): Promise<McpConnection | { unavailable: string }> {
    if (usesOAuth(row) && row.enabled) {
      if (!this.#users) {
        return {
          unavailable: `server "${row.name}" needs each user's authorization, and this gateway has no secret key to keep credentials (set SWITCHBOARD_SECRET_KEY)`,
        };
      }
      if (!(await loadServerCredential(this.#options.db, user.id, row.id))?.hasTokens)
        throw new AuthorizationRequiredError(row);
      const own = this.#users.get(user.id, row, this.#connectionOptions(row));
      this.#listChanges.watch(own, row.id, () => this.#entries.get(row.id)?.row, user.id);
      return own;
    }
    return this.#sharedConnection(row);
  }

  #sharedConnection(row: ServerRow): McpConnection | { unavailable: string } {
    const entry = this.#entries.get(row.id);
    if (!row.enabled) return { unavailable: `server "${row.name}" is stopped; start it first` };
    if (!entry?.connection) {
      return {
        unavailable: `server "${row.name}" is not available on this gateway${entry?.error ? `: ${entry.error}` : ''}`,
      };
    }
    return entry.connection;
  }

  /** Lists a server's tools for a user (connecting first); rejects with the connection's explanation. */
  async tools(row: ServerRow, user: User): Promise<McpToolDef[]> {
    if (usesOAuth(row)) return (await this.#userLayer(row, user)).tools;
    return (await this.#layer(row, true)).tools;
  }

  /**
   * Subscribes to the servers' announced list changes (tools, resources, prompts) on this replica's
   * connections: the shared ones, and each user's own (the change then names that user). A tool-list
   * change comes after the connection listed the new tools. Returns the unsubscribe function.
   */
  onListChanged(listener: ServerListChangeListener): () => void {
    return this.#listChanges.add(listener);
  }

  /** Closes a user's own connection to a server (after they connected or disconnected it). */
  async forgetUserConnection(userId: string, serverId: string): Promise<void> {
    this.#listChanges.unwatch(serverId, userId);
    await this.#users?.close(userId, serverId);
  }

  /** The fetch the gateway reaches a server with (the SSRF guard for servers users registered). */
  fetchFor(row: ServerRow): McpConnectionOptions['fetch'] {
    return this.#connectionOptions(row).fetch;
  }

  /**
   * What a turn may use: the layers of the servers that are running, usable by the user and, when
   * the conversation enables tools explicitly, only those, with their connections (the user's own
   * for OAuth servers). Servers that cannot be reached are left out (and retried later) and listed in
   * `unavailable` with why; OAuth servers the user has not connected are left out and listed in
   * `needsAuthorization`.
   */
  async toolsFor(user: User, enabled: readonly EnabledTool[]): Promise<TurnTools> {
    const rows = (await this.usable(user)).filter((row) => row.enabled);
    return gatherTurnTools(rows, enabled, {
      shared: this.#pool.clients,
      sharedLayer: (row) => this.#layer(row, false),
      userLayer: (row) => this.#userLayer(row, user),
    });
  }

  /** Closes every connection. */
  async close(): Promise<void> {
    await this.#unsubscribe?.();
    await this.#syncing?.catch(() => undefined);
    await this.#pool.close();
    await this.#users?.closeAll();
    await this.#nodeFetch.close();
    this.#entries.clear();
  }

  /** A user's layer of an OAuth server; {@link AuthorizationRequiredError} when they must connect it (again). */
  async #userLayer(row: ServerRow, user: User): Promise<UserLayer> {
    const connection = await this.connection(row, user);
    if (!(connection instanceof McpConnection)) throw new Error(connection.unavailable);
    try {
      const layer = await this.#pinned(
        row,
        await withDeadline(this.#options.connectTimeoutMs ?? 10_000, (signal) =>
          connection.layer({ signal }),
        ),
      );
      const described =
        row.description && !layer.description ? { ...layer, description: row.description } : layer;
      return { ...described, connection };
    } catch (error) {
      if (error instanceof McpConnectionError && error.kind === 'unauthorized') {
        await this.forgetUserConnection(user.id, row.id);
        throw new AuthorizationRequiredError(row);
      }
      throw error;
    }
  }

  async #layer(row: ServerRow, retryNow: boolean): Promise<McpLayer> {
    const connection = this.#sharedConnection(row);
    if (!(connection instanceof McpConnection)) throw new Error(connection.unavailable);
    const entry = this.#entries.get(row.id) as Entry;
    const retryAfter = this.#options.retryAfterMs ?? 5_000;
    if (!retryNow && entry.failedAt !== undefined && Date.now() - entry.failedAt < retryAfter) {
      throw new Error(entry.error);
    }
    try {
      const layer = await this.#pinned(
        row,
        await withDeadline(this.#options.connectTimeoutMs ?? 10_000, (signal) =>
          connection.layer({ signal }),
        ),
      );
      entry.error = undefined;
      entry.failedAt = undefined;
      entry.toolCount = layer.tools.length;
      return row.description && !layer.description ? { ...layer, description: row.description } : layer;
    } catch (error) {
      entry.error = error instanceof Error ? error.message : String(error);
      entry.failedAt = Date.now();
      if (refusedUnauthorized(error) && (await this.#adoptOAuth(row))) {
        throw new AuthorizationRequiredError(row);
      }
      throw error;
    }
  }

  /** A server's layer whose tools carry the strictest annotations the gateway has seen of them. */
  async #pinned(row: ServerRow, layer: McpLayer): Promise<McpLayer> {
    return { ...layer, tools: await this.#pins.pin(row.id, row.name, layer.tools) };
  }

  /**
   * A shared server that answered 401 and turns out to be an OAuth protected resource becomes a
   * server each user connects (its registration is marked, every replica told). True when it did.
   */
  async #adoptOAuth(row: ServerRow): Promise<boolean> {
    if (row.transport.type !== 'http') return false;
    if (!(await isOAuthProtected(row.transport.url, this.#connectionOptions(row).fetch))) return false;
    if (!(await markServerOAuth(this.#options.db, row.id))) return false;
    await this.announceChange();
    return true;
  }

  async #reconcile(): Promise<void> {
    const rows = await listServerRows(this.#options.db);
    this.#syncedAt = Date.now();
    const seen = new Set<string>();
    /** Registrations whose tools, resources and prompts came, went or changed for their users. */
    const offered: ServerRow[] = [];
    for (const row of rows) {
      seen.add(row.id);
      const entry = this.#entries.get(row.id);
      const changed =
        !entry ||
        JSON.stringify(entry.row.transport) !== JSON.stringify(row.transport) ||
        entry.row.name !== row.name;
      if ((changed && row.enabled) || (entry && entry.row.enabled !== row.enabled)) offered.push(row);
      if (entry && (changed || !row.enabled)) await this.#disconnect(entry);
      const next: Entry = entry && !changed ? { ...entry, row } : { row };
      if (row.enabled && !next.connection) this.#connect(next);
      this.#entries.set(row.id, next);
    }
    for (const [id, entry] of this.#entries) {
      if (seen.has(id)) continue;
      await this.#disconnect(entry);
      this.#entries.delete(id);
      if (entry.row.enabled) offered.push(entry.row);
    }
    if (this.#loaded) for (const row of offered) this.#listChanges.registrationChanged(row);
    this.#loaded = true;
  }

  #connectionOptions(row: ServerRow): McpConnectionOptions {
    return serverConnectionOptions(row, {
      secretKey: this.#options.oauth?.key,
      builtins: this.#options.builtins,
      builtinFetch: this.#options.builtinFetch,
      publicOnlyFetch: this.#options.publicOnlyFetch,
      nodeFetch: this.#nodeFetch,
    });
  }

  #connect(entry: Entry): void {
    // OAuth servers get one connection per user (see UserConnections), never a shared one.
    if (usesOAuth(entry.row) || !serverTransport(entry.row, this.#options)) return;
    try {
      entry.connection = this.#pool.add(new McpConnection(this.#connectionOptions(entry.row)));
      const id = entry.row.id;
      this.#listChanges.watch(entry.connection, id, () => this.#entries.get(id)?.row);
    } catch (error) {
      entry.error = error instanceof Error ? error.message : String(error);
      entry.failedAt = Date.now();
    }
  }

  async #disconnect(entry: Entry): Promise<void> {
    this.#listChanges.unwatch(entry.row.id);
    await this.#users?.closeServer(entry.row.id);
    if (!entry.connection) return;
    entry.connection = undefined;
    await this.#pool.remove(entry.row.name).catch(() => undefined);
  }
}
