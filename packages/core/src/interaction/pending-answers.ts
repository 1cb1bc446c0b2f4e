/** How a wait for the person ended. */
export type WaitOutcome<T> = { by: 'person'; answer: T } | { by: 'timed_out' } | { by: 'cancelled' };

interface Waiter<T> {
  request: unknown;
  settle: (outcome: WaitOutcome<T>) => void;
}

/**
 * Requests waiting for a person's answer, by id: each wait ends with the answer, when its
 * time runs out, or when its signal fires (or {@link cancelAll} is called).
 */
export class PendingAnswers<Request, Answer> {
  readonly #waiters = new Map<string, Waiter<Answer>>();

  /** The requests still waiting. */
  get requests(): Request[] {
    return [...this.#waiters.values()].map((waiter) => waiter.request as Request);
  }

  /** The request waiting under `id`. */
  get(id: string): Request | undefined {
    return this.#waiters.get(id)?.request as Request | undefined;
  }

  /**
   * Waits for the answer to `request`. `onSettled` hears the outcome at once, in the same tick
   * (a run that ends right after cancelling still reports it).
   */
  wait(
    id: string,
    request: Request,
    timeoutMs: number,
    signal: AbortSignal,
    onSettled?: (outcome: WaitOutcome<Answer>) => void,
  ): Promise<WaitOutcome<Answer>> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle({ by: 'timed_out' }), timeoutMs);
      const onAbort = () => settle({ by: 'cancelled' });
      const settle = (outcome: WaitOutcome<Answer>) => {
        if (!this.#waiters.delete(id)) return;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        onSettled?.(outcome);
        resolve(outcome);
      };
      this.#waiters.set(id, { request, settle });
      signal.addEventListener('abort', onAbort, { once: true });
      if (signal.aborted) onAbort();
    });
  }

  /** Ends the wait under `id` with the person's answer; false when nothing waits there. */
  answer(id: string, answer: Answer): boolean {
    const waiter = this.#waiters.get(id);
    if (!waiter) return false;
    waiter.settle({ by: 'person', answer });
    return true;
  }

  /** Ends every wait as cancelled. */
  cancelAll(): void {
    for (const waiter of [...this.#waiters.values()]) waiter.settle({ by: 'cancelled' });
  }
}
