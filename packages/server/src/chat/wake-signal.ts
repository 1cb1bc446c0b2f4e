/** A latch a waiter sleeps on until it is notified or a timeout passes; a notice is never lost. */
export class WakeSignal {
  #notified = false;
  #resolve?: () => void;

  /** Wakes the waiter (or the next one, if none is waiting). */
  notify(): void {
    this.#notified = true;
    const resolve = this.#resolve;
    this.#resolve = undefined;
    resolve?.();
  }

  /** Resolves when notified (at once if a notice came since the last wait) or after `timeoutMs`. */
  wait(timeoutMs: number): Promise<void> {
    if (this.#notified) {
      this.#notified = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#resolve = undefined;
        resolve();
      }, timeoutMs);
      this.#resolve = () => {
        clearTimeout(timer);
        this.#notified = false;
        resolve();
      };
    });
  }
}
