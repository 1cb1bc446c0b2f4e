import { AsyncLocalStorage } from 'node:async_hooks';
import type { McpConnection } from '@switchboard/core/node';
import type { ServerRow } from '../store/server-store.ts';

/** A list a server announces changes of. */
export type ServerList = 'tools' | 'resources' | 'prompts';

/** Every list a server offers, as one registration's arrival or departure changes them all. */
const SERVER_LISTS: readonly ServerList[] = ['tools', 'resources', 'prompts'];

/**
 * Where the gateway learnt of a change: one of this replica's connections heard the server
 * announce it, another replica did (this replica's connection then listed again and found it), or
 * the registration itself changed (registered, removed, started, stopped: every replica sees that
 * in the database).
 */
export type ServerListChangeSource = 'connection' | 'other-replica' | 'registration';

/** One server's list change, as the gateway learnt of it. */
export interface ServerListChange {
  /** The registration (as it is now; as it was, for one removed) whose list changed. */
  row: ServerRow;
  list: ServerList;
  /**
   * Set when the change came on one user's own connection (servers that authorize each user):
   * only that user's clients may hear of it. Absent for the shared connection every user sees.
   */
  userId?: string;
  source: ServerListChangeSource;
}

/** Told of every list change the gateway's connections hear. */
export type ServerListChangeListener = (change: ServerListChange) => void;

interface Watched {
  connection: McpConnection;
  rowOf: () => ServerRow | undefined;
  userId?: string;
}

/**
 * The list changes of the gateway's connections to its servers, in one place: each connection is
 * watched once, and the listeners hear which registration changed, which list, on whose connection.
 * A change is told only when the list differs from the one the connection had (tools: the
 * connection compares; resources and prompts: listed again and compared here), so the same change
 * learnt twice (heard here and from another replica) is told once.
 */
export class ServerListChanges {
  readonly #listeners = new Set<ServerListChangeListener>();
  readonly #watched = new WeakSet<McpConnection>();
  /** The latest watched connection of each registration (and user, for their own connection). */
  readonly #byKey = new Map<string, Watched>();
  /** The resources and prompts each connection was last found to list (JSON). */
  readonly #seen = new WeakMap<McpConnection, Partial<Record<ServerList, string>>>();
  /** Each connection's pending compare, so two learnings of one change compare one after the other. */
  readonly #comparing = new WeakMap<McpConnection, Promise<void>>();
  /** Set while a connection lists again at another replica's word: what it finds is not re-published. */
  readonly #refreshing = new AsyncLocalStorage<true>();

  /** Adds a listener. Returns the function that removes it. */
  add(listener: ServerListChangeListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /**
   * Watches a connection to registration `serverId` (again: no effect) until it closes. `rowOf`
   * gives the registration as it is when a change arrives (undefined: removed meanwhile, nothing to tell).
   */
  watch(
    connection: McpConnection,
    serverId: string,
    rowOf: () => ServerRow | undefined,
    userId?: string,
  ): void {
    const watched: Watched = { connection, rowOf, ...(userId ? { userId } : {}) };
    this.#byKey.set(keyOf(serverId, userId), watched);
    if (this.#watched.has(connection)) return;
    this.#watched.add(connection);
    connection.onToolsChanged(() => {
      this.#tell(watched, 'tools', this.#refreshing.getStore() ? 'other-replica' : 'connection');
    });
    connection.onResourcesChanged(() => void this.#tellIfChanged(watched, 'resources', 'connection'));
    connection.onPromptsChanged(() => void this.#tellIfChanged(watched, 'prompts', 'connection'));
  }

  /**
   * Stops watching the connections to registration `serverId` (only `userId`'s own, when given), as
   * they close: a closed connection is no longer kept for {@link refresh}. Watching a new one starts again.
   */
  unwatch(serverId: string, userId?: string): void {
    if (userId !== undefined) {
      this.#byKey.delete(keyOf(serverId, userId));
      return;
    }
    for (const key of this.#byKey.keys()) if (key.startsWith(keyOf(serverId, ''))) this.#byKey.delete(key);
  }

  /**
   * Another replica heard a server's list change: this replica's connection (the shared one, or the
   * user's own if this replica has it) lists again, and the change is told if it finds one.
   */
  async refresh(serverId: string, list: ServerList, userId?: string): Promise<void> {
    const watched = this.#byKey.get(keyOf(serverId, userId));
    if (!watched) return;
    if (list === 'tools') {
      await this.#refreshing.run(true, () => watched.connection.listTools()).catch(() => undefined);
      return;
    }
    await this.#tellIfChanged(watched, list, 'other-replica');
  }

  /** Tells of a registration that came, went, started or stopped: every list it offers changed. */
  registrationChanged(row: ServerRow): void {
    for (const [key, watched] of this.#byKey) if (watched.rowOf() === undefined) this.#byKey.delete(key);
    for (const list of SERVER_LISTS) this.#notify({ row, list, source: 'registration' });
  }

  #tellIfChanged(watched: Watched, list: 'resources' | 'prompts', source: ServerListChangeSource) {
    const previous = this.#comparing.get(watched.connection) ?? Promise.resolve();
    const next = previous.then(() => this.#compare(watched, list, source));
    this.#comparing.set(watched.connection, next);
    return next;
  }

  async #compare(watched: Watched, list: 'resources' | 'prompts', source: ServerListChangeSource) {
    const listed = await listJson(watched.connection, list).catch(() => undefined);
    const seen = this.#seen.get(watched.connection) ?? {};
    if (listed !== undefined && seen[list] === listed) return;
    if (listed !== undefined) this.#seen.set(watched.connection, { ...seen, [list]: listed });
    this.#tell(watched, list, source);
  }

  #tell(watched: Watched, list: ServerList, source: ServerListChangeSource): void {
    const row = watched.rowOf();
    if (row) this.#notify({ row, list, source, ...(watched.userId ? { userId: watched.userId } : {}) });
  }

  #notify(change: ServerListChange): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
      } catch {
        // A listener's failure must not stop the others or the connection.
      }
    }
  }
}

function keyOf(serverId: string, userId?: string): string {
  return `${serverId}\u0000${userId ?? ''}`;
}

async function listJson(connection: McpConnection, list: 'resources' | 'prompts'): Promise<string> {
  if (list === 'prompts') return JSON.stringify(await connection.listPrompts());
  const [resources, templates] = await Promise.all([
    connection.listResources(),
    connection.listResourceTemplates(),
  ]);
  return JSON.stringify([resources, templates]);
}
