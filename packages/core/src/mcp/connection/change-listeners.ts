/** The listeners to one kind of change: each is told of every change; one that throws stops no one. */
export class ChangeListeners<T> {
  readonly #listeners = new Set<(change: T) => void>();

  /** Adds a listener. Returns the function that removes it. */
  add(listener: (change: T) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Tells every listener of the change, ignoring the errors they throw. */
  notify(change: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
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
