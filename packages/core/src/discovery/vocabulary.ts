/**
 * The set of terms some indexed document holds, kept up to date as documents come and go (each term
 * counted by the documents holding it): an exact, constant-time "does the catalog know this word?".
 */
export class Vocabulary {
  readonly #counts = new Map<string, number>();

  /** Counts one document's distinct terms. */
  add(terms: Iterable<string>): void {
    for (const term of new Set(terms)) this.#counts.set(term, (this.#counts.get(term) ?? 0) + 1);
  }

  /** Forgets one document's distinct terms (as given to {@link add}). */
  remove(terms: Iterable<string>): void {
    for (const term of new Set(terms)) {
      const count = (this.#counts.get(term) ?? 0) - 1;
      if (count > 0) this.#counts.set(term, count);
      else this.#counts.delete(term);
    }
  }

  /** True when some document holds the term. */
  has(term: string): boolean {
    return this.#counts.has(term);
  }
}
