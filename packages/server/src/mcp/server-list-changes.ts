import type { McpConnection } from '@switchboard/core/node';
import type { ServerRow } from '../store/server-store.ts';

/** A list a server announces changes of. */
export type ServerList = 'tools' | 'resources' | 'prompts';

/** One server's announced list change, as the gateway heard it on one of its connections. */
export interface ServerListChange {
  /** The registration (as it is now) whose list changed. */
  row: ServerRow;
  list: ServerList;
  /**
   * Set when the change came on one user's own connection (servers that authorize each user):
   * only that user's clients may hear of it. Absent for the shared connection every user sees.
   */
  userId?: string;
}

/** Told of every list change the gateway's connections hear. */
export type ServerListChangeListener = (change: ServerListChange) => void;

/**
 * The list changes of the gateway's connections to its servers, in one place: each connection is
 * watched once (its tool-list changes come after the connection listed the new tools), and the
 * listeners hear which registration changed, which list, and on whose connection.
 */
export class ServerListChanges {
  readonly #listeners = new Set<ServerListChangeListener>();
  readonly #watched = new WeakSet<McpConnection>();

  /** Adds a listener. Returns the function that removes it. */
  add(listener: ServerListChangeListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /**
   * Watches a connection (again: no effect) until it closes. `rowOf` gives the registration as it
   * is when a change arrives (undefined: removed meanwhile, nothing to tell).
   */
  watch(connection: McpConnection, rowOf: () => ServerRow | undefined, userId?: string): void {
    if (this.#watched.has(connection)) return;
    this.#watched.add(connection);
    const tell = (list: ServerList) => () => {
      const row = rowOf();
      if (row) this.#notify({ row, list, ...(userId === undefined ? {} : { userId }) });
    };
    connection.onToolsChanged(tell('tools'));
    connection.onResourcesChanged(tell('resources'));
    connection.onPromptsChanged(tell('prompts'));
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
