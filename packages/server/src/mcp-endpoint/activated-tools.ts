/** The most tools one connection keeps activated; the oldest give way first. */
const MAX_ACTIVATED = 100;

/**
 * The tools a discovery-mode connection has found and added to its `tools/list` (in the order
 * found), so a client that honours `notifications/tools/list_changed` can call them directly.
 * One per connection: a 2025 session, or a user's 2026 (per-request) traffic on this replica.
 */
export class ActivatedTools {
  readonly #names = new Set<string>();

  /** The activated names, oldest first. */
  get names(): readonly string[] {
    return [...this.#names];
  }

  /** Adds names; true when the list changed. */
  add(names: readonly string[]): boolean {
    let changed = false;
    for (const name of names) {
      if (this.#names.has(name)) continue;
      this.#names.add(name);
      changed = true;
      if (this.#names.size > MAX_ACTIVATED) this.#names.delete(this.#names.values().next().value as string);
    }
    return changed;
  }

  /** Whether a name was activated. */
  has(name: string): boolean {
    return this.#names.has(name);
  }
}
