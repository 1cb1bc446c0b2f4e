/**
 * Ids of signed round states (approvals, relayed rounds) one replica has seen answered, each kept
 * until its state stops verifying, so an answer counts once here: the same state sent again is
 * refused. Bounded: past `max` ids the oldest are forgotten first.
 */
export class SpentIds {
  readonly #ttlMs: number;
  readonly #max: number;
  /** Ids answered here, with when their state stops verifying (ms). */
  readonly #spent = new Map<string, number>();

  constructor(ttlMs: number, max = 10_000) {
    this.#ttlMs = ttlMs;
    this.#max = max;
  }

  /** Marks `id` answered; false when it already was (a replayed answer). */
  spend(id: string): boolean {
    const now = Date.now();
    if ((this.#spent.get(id) ?? 0) > now) return false;
    for (const [spent, expires] of this.#spent) {
      if (expires > now && this.#spent.size < this.#max) break;
      this.#spent.delete(spent);
    }
    this.#spent.set(id, now + this.#ttlMs);
    return true;
  }
}
