import type { McpLayer } from '../types/layers.ts';

/** Receives the server's layer after its tool list changed. */
export type ToolsChangedListener = (layer: McpLayer) => void;

/** The listeners to tool-list changes: each is told of every change; one that throws stops no one. */
export class ToolsChangedListeners {
  readonly #listeners = new Set<ToolsChangedListener>();

  /** Adds a listener. Returns the function that removes it. */
  add(listener: ToolsChangedListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Gives the changed layer to every listener, ignoring the errors they throw. */
  notify(layer: McpLayer): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(layer);
      } catch {
        // A listener's failure must not stop the others or the caller.
      }
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.#listeners.clear();
  }
}
