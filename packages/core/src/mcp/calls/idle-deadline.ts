/** Longest delay a timer can take (larger values would fire at once). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The deadline of a call that may go quiet: it fires `timeoutMs` after the last sign of life
 * ({@link touch}: the request was sent, a progress notification came), and never while the
 * call waits for a person ({@link hold}: the server asked the person something). It starts at
 * the first {@link touch}. A `timeoutMs` no timer can hold (not finite, or beyond about
 * 24 days) means no deadline.
 */
export class IdleDeadline {
  readonly #timeoutMs: number;
  readonly #onExpire: () => void;
  #timer?: ReturnType<typeof setTimeout>;
  #holds = 0;
  #done = false;

  constructor(timeoutMs: number, onExpire: () => void) {
    this.#timeoutMs = timeoutMs;
    this.#onExpire = onExpire;
  }

  /** Starts the clock, or gives the full time again after a sign of life (unless held). */
  touch(): void {
    if (this.#holds === 0) this.#arm();
  }

  /** Stops the clock until the returned function is called; the full time starts again then. */
  hold(): () => void {
    this.#holds++;
    clearTimeout(this.#timer);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holds--;
      if (this.#holds === 0) this.#arm();
    };
  }

  /** Ends the deadline (the call settled). */
  clear(): void {
    this.#done = true;
    clearTimeout(this.#timer);
  }

  #arm(): void {
    clearTimeout(this.#timer);
    if (this.#done || !Number.isFinite(this.#timeoutMs) || this.#timeoutMs > MAX_TIMER_MS) return;
    this.#timer = setTimeout(() => {
      this.#done = true;
      this.#onExpire();
    }, this.#timeoutMs);
  }
}
