/** The serialized form of a result buffer: `[tool_use_id, full result]` pairs, oldest first. */
export type ResultBufferSnapshot = Array<[string, string]>;

/**
 * Full tool results by tool_use id, so compressed or truncated results can be recalled.
 * Belongs to one conversation and lasts across turns; serializable so a server can persist it.
 * When `maxChars` is exceeded the oldest results are dropped (recall then says so).
 */
export class ResultBuffer {
  readonly #results = new Map<string, string>();
  readonly #maxChars: number;
  #chars = 0;

  constructor(options: { maxChars?: number; entries?: ResultBufferSnapshot } = {}) {
    this.#maxChars = options.maxChars ?? 50_000_000;
    for (const [id, text] of options.entries ?? []) this.set(id, text);
  }

  get size(): number {
    return this.#results.size;
  }

  has(id: string): boolean {
    return this.#results.has(id);
  }

  get(id: string): string | undefined {
    return this.#results.get(id);
  }

  set(id: string, text: string): void {
    this.delete(id);
    this.#results.set(id, text);
    this.#chars += text.length;
    for (const [oldestId] of this.#results) {
      if (this.#chars <= this.#maxChars || oldestId === id) break;
      this.delete(oldestId);
    }
  }

  delete(id: string): boolean {
    const previous = this.#results.get(id);
    if (previous === undefined) return false;
    this.#chars -= previous.length;
    return this.#results.delete(id);
  }

  /** The ids currently held, oldest first. */
  ids(): string[] {
    return [...this.#results.keys()];
  }

  toJSON(): ResultBufferSnapshot {
    return [...this.#results];
  }

  static fromJSON(entries: ResultBufferSnapshot, options: { maxChars?: number } = {}): ResultBuffer {
    return new ResultBuffer({ ...options, entries });
  }
}
