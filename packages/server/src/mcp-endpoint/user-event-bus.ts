import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerEvent, ServerEventBus } from '@modelcontextprotocol/server';
import type { User } from '../auth/user.ts';

type Listener = (event: ServerEvent) => void;

/**
 * The change-event bus of `/mcp`'s 2026-07-28 `subscriptions/listen` streams, by user: a stream
 * opened while serving a user's request (inside {@link serve}) belongs to that user, and
 * {@link publishTo} reaches only the streams of the users it picks — one user's list change never
 * reaches another's client. A stream opened outside {@link serve} belongs to no one and hears only
 * {@link publish} (the SDK's `notify` sugar, which tells everyone).
 */
export class UserEventBus implements ServerEventBus {
  readonly #serving = new AsyncLocalStorage<User>();
  readonly #listeners = new Map<Listener, User | undefined>();

  /** Runs `serve` (one request of `user`'s) so that the streams it opens are `user`'s. */
  serve<T>(user: User, serve: () => T): T {
    return this.#serving.run(user, serve);
  }

  /** Tells every stream (whoever's it is) of the event. */
  publish(event: ServerEvent): void {
    this.#deliver([...this.#listeners.keys()], event);
  }

  /** Tells the streams of the users `picks` accepts of the event. */
  publishTo(picks: (user: User) => boolean, event: ServerEvent): void {
    const listeners = [...this.#listeners].filter(([, user]) => user !== undefined && picks(user));
    this.#deliver(
      listeners.map(([listener]) => listener),
      event,
    );
  }

  /** Registers a stream's listener, owned by the user whose request is being served. */
  subscribe(listener: Listener): () => void {
    this.#listeners.set(listener, this.#serving.getStore());
    return () => {
      this.#listeners.delete(listener);
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
