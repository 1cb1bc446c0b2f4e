/**
 * Notices the model calling the same tool with the same input again and again.
 * `record` returns how many times this exact call has now been seen in the run.
 */
export class LoopDetector {
  readonly #seen = new Map<string, number>();

  record(name: string, input: unknown): number {
    const key = `${name}\u0000${stableStringify(input)}`;
    const count = (this.#seen.get(key) ?? 0) + 1;
    this.#seen.set(key, count);
    return count;
  }
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same call. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableStringify((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
