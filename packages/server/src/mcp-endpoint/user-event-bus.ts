import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerEvent, ServerEventBus } from '@modelcontextprotocol/server';
import type { User } from '../auth/user.ts';

type Listener = (event: ServerEvent) => void;

/** Whose a stream is, and whether a server's tool changes change the tools/list its client sees. */
interface Audience {
  user: User;
  showsToolsOf?: (serverName: string) => boolean;
  /** What a stream opened while serving starts (e.g. its resource subscriptions); returns what ends it. */
  opened?: (listener: Listener) => () => void;
}

/**
 * The change-event bus of `/mcp`'s 2026-07-28 `subscriptions/listen` streams, by user: a stream
 * opened while serving a user's request (inside {@link serve}) belongs to that user, and
 * {@link publishTo} reaches only the streams of the users it picks — one user's list change never
 * reaches another's client. A stream opened outside {@link serve} belongs to no one and hears only
 * {@link publish} (the SDK's `notify` sugar, which tells everyone). A tool change of one server
 * reaches only the streams whose tools/list shows that server's tools (see {@link serve}).
 */
export class UserEventBus implements ServerEventBus {
  readonly #serving = new AsyncLocalStorage<Audience>();
  readonly #listeners = new Map<Listener, Audience | undefined>();

  /**
   * Runs `serve` (one request of `user`'s) so that the streams it opens are `user`'s. `showsToolsOf`
   * says whether a server's tool changes concern those streams (absent: every server's do); `opened`
   * is called with each stream's listener as it opens, and what it returns once the stream closes.
   */
  serve<T>(
    user: User,
    serve: () => T,
    showsToolsOf?: (serverName: string) => boolean,
    opened?: (listener: Listener) => () => void,
  ): T {
    return this.#serving.run(
      { user, ...(showsToolsOf ? { showsToolsOf } : {}), ...(opened ? { opened } : {}) },
      serve,
    );
  }

  /** Tells every stream (whoever's it is) of the event. */
  publish(event: ServerEvent): void {
    this.#deliver([...this.#listeners.keys()], event);
  }

  /**
   * Tells the streams of the users `picks` accepts of the event; a tool change of the server named
   * `toolsOf` only the streams whose tools/list shows that server's tools.
   */
  publishTo(picks: (user: User) => boolean, event: ServerEvent, toolsOf?: string): void {
    const listeners = [...this.#listeners].filter(
      ([, audience]) =>
        audience !== undefined &&
        picks(audience.user) &&
        (toolsOf === undefined || audience.showsToolsOf?.(toolsOf) !== false),
    );
    this.#deliver(
      listeners.map(([listener]) => listener),
      event,
    );
  }

  /** Registers a stream's listener, owned by the user whose request is being served. */
  subscribe(listener: Listener): () => void {
    const audience = this.#serving.getStore();
    this.#listeners.set(listener, audience);
    const ended = audience?.opened?.(listener);
    return () => {
      if (this.#listeners.delete(listener)) ended?.();
    };
  }

  #deliver(listeners: readonly Listener[], event: ServerEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // A stream that failed to write is its own problem; the others still hear.
      }
    }
  }
}
