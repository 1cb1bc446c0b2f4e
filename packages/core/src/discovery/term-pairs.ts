/** The key of an unordered pair of terms. */
export function pairKey(first: string, second: string): string {
  return first < second ? `${first} ${second}` : `${second} ${first}`;
}

/** The keys of the neighbouring terms of a sequence (stop words already gone), each once. */
export function adjacentPairs(terms: readonly string[]): string[] {
  const pairs = new Set<string>();
  for (let index = 0; index + 1 < terms.length; index++) {
    if (terms[index] !== terms[index + 1]) pairs.add(pairKey(terms[index], terms[index + 1]));
  }
  return [...pairs];
}

/**
 * Which documents hold which pairs of neighbouring terms: the proximity evidence that "bar chart"
 * in a request is about `generate_bar_chart` more than about a tool that merely says "bar" and
 * "chart" somewhere. Documents are added and removed one at a time.
 */
export class TermPairs {
  readonly #holders = new Map<string, Set<string>>();
  readonly #byDocument = new Map<string, string[]>();

  /** Records the adjacent pairs of each of a document's term sequences, replacing earlier ones. */
  add(id: string, sequences: ReadonlyArray<readonly string[]>): void {
    this.remove(id);
    const pairs = [...new Set(sequences.flatMap(adjacentPairs))];
    for (const pair of pairs) {
      let holders = this.#holders.get(pair);
      if (holders === undefined) {
        holders = new Set();
        this.#holders.set(pair, holders);
      }
      holders.add(id);
    }
    this.#byDocument.set(id, pairs);
  }

  /** Forgets a document's pairs (an unknown id is ignored). */
  remove(id: string): void {
    for (const pair of this.#byDocument.get(id) ?? []) {
      const holders = this.#holders.get(pair);
      holders?.delete(id);
      if (holders?.size === 0) this.#holders.delete(pair);
    }
    this.#byDocument.delete(id);
  }

  /** The documents holding a pair (empty when none does). */
  holders(pair: string): ReadonlySet<string> {
    return this.#holders.get(pair) ?? NO_HOLDERS;
  }
}

const NO_HOLDERS: ReadonlySet<string> = new Set();
