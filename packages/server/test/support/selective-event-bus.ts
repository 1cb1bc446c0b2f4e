import type { ServerEvent, ServerEventBus } from '@modelcontextprotocol/server';

type Listener = (event: ServerEvent) => void;

/**
 * A test MCP server's change-event bus (`serveHttp`'s `bus`) that can tell only the oldest of its
 * open listen streams, as if every other client's stream had missed the change: with one stream
 * per gateway replica, only the replica that connected first hears it.
 */
export class SelectiveEventBus implements ServerEventBus {
  readonly #listeners: Listener[] = [];
  /** Whether only the oldest open stream hears what is published. */
  onlyOldest = false;

  /** The open listen streams. */
  get size(): number {
    return this.#listeners.length;
  }

  publish(event: ServerEvent): void {
    const hearing = this.onlyOldest ? this.#listeners.slice(0, 1) : [...this.#listeners];
    for (const listener of hearing) {
      try {
        listener(event);
      } catch {
        // A stream that failed to write is its own problem.
      }
    }
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.push(listener);
    return () => {
      const index = this.#listeners.indexOf(listener);
      if (index >= 0) this.#listeners.splice(index, 1);
    };
  }
}
