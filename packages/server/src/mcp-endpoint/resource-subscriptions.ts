import type { McpConnection } from '@switchboard/core/node';

/** Told that a resource it subscribed to changed (sends the client `notifications/resources/updated`). */
export type ResourceSubscriber = (uri: string) => void;

interface ConnectionSubscriptions {
  /** Subscribers by URI. */
  uris: Map<string, Set<ResourceSubscriber>>;
  stopListening: () => void;
}

/**
 * The `/mcp` clients' resource subscriptions, shared per underlying connection: the first client
 * subscribing to a URI subscribes the gateway's connection to it (`resources/subscribe` on the
 * server), the last one leaving unsubscribes it, and each `notifications/resources/updated` the
 * server sends reaches exactly the clients subscribed to that URI on that connection (a user's own
 * connection for OAuth servers, so one user's subscriptions never reach another's).
 */
export class ResourceSubscriptions {
  readonly #connections = new Map<McpConnection, ConnectionSubscriptions>();

  /** Subscribes `subscriber` to `uri` on `connection`; rejects when the server refuses. */
  async subscribe(
    connection: McpConnection,
    uri: string,
    subscriber: ResourceSubscriber,
    signal: AbortSignal,
  ): Promise<void> {
    const entry = this.#of(connection);
    const subscribers = entry.uris.get(uri);
    if (subscribers) {
      subscribers.add(subscriber);
      return;
    }
    try {
      await connection.subscribeResource(uri, { signal });
    } catch (error) {
      this.#forgetIfIdle(connection, entry);
      throw error;
    }
    // Another subscription may have ended meanwhile and retired the entry: take the live one.
    const live = this.#of(connection);
    const current = live.uris.get(uri);
    if (current) current.add(subscriber);
    else live.uris.set(uri, new Set([subscriber]));
  }

  /** Ends `subscriber`'s subscriptions to `uri` (the server's too where it was the last subscriber). */
  async unsubscribe(uri: string, subscriber: ResourceSubscriber): Promise<void> {
    await Promise.all(
      [...this.#connections]
        .filter(([, entry]) => entry.uris.get(uri)?.has(subscriber))
        .map(([connection, entry]) => this.#leave(connection, entry, uri, subscriber)),
    );
  }

  /** Ends every subscription of `subscriber` (its client went away). */
  async drop(subscriber: ResourceSubscriber): Promise<void> {
    const held = [...this.#connections].flatMap(([connection, entry]) =>
      [...entry.uris]
        .filter(([, subscribers]) => subscribers.has(subscriber))
        .map(([uri]) => ({ connection, entry, uri })),
    );
    await Promise.all(
      held.map(({ connection, entry, uri }) => this.#leave(connection, entry, uri, subscriber)),
    );
  }

  async #leave(
    connection: McpConnection,
    entry: ConnectionSubscriptions,
    uri: string,
    subscriber: ResourceSubscriber,
  ): Promise<void> {
    const subscribers = entry.uris.get(uri);
    if (!subscribers?.delete(subscriber) || subscribers.size > 0) return;
    entry.uris.delete(uri);
    this.#forgetIfIdle(connection, entry);
    await connection.unsubscribeResource(uri).catch(() => undefined);
  }

  #forgetIfIdle(connection: McpConnection, entry: ConnectionSubscriptions): void {
    if (entry.uris.size > 0 || this.#connections.get(connection) !== entry) return;
    entry.stopListening();
    this.#connections.delete(connection);
  }

  #of(connection: McpConnection): ConnectionSubscriptions {
    let entry = this.#connections.get(connection);
    if (!entry) {
      const uris = new Map<string, Set<ResourceSubscriber>>();
      const stopListening = connection.onResourceUpdated((uri) => {
        for (const subscriber of uris.get(uri) ?? []) subscriber(uri);
      });
      entry = { uris, stopListening };
      this.#connections.set(connection, entry);
    }
    return entry;
  }
}
