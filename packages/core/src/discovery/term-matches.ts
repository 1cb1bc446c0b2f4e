import SearchableMap from 'minisearch/SearchableMap';
import { isEncodedCjk } from './analyze-text.ts';
import type { FieldStatistics } from './field-statistics.ts';
import { DERIVED_TERM_WEIGHT } from './search-weights.ts';

/** The documents a term reaches. */
export interface TermMatches {
  /** How many documents hold the term (its document frequency). */
  count: number;
  /** Each document's BM25F pseudo frequency of the term (computed on first use). */
  frequencies(): Map<string, number>;
}

/** The documents of one index a term reaches, with a membership test. */
export interface IndexMatches extends TermMatches {
  /** True when the document holds the term. */
  has(id: string): boolean;
}

/** What a search of a {@link TermIndex} found: the indexed terms it matched, each with its documents. */
export interface TermHits {
  /** The matched indexed terms: the term itself (when indexed) and, if approximate, its prefixes and near spellings. */
  terms: string[];
  /** The documents holding each of `terms`, in the same order. */
  holders: ReadonlyArray<readonly string[]>;
}

/** Words of at least this many characters also match as prefixes of longer words. */
const MIN_PREFIX_LENGTH = 4;
/** Words of at least this many characters also match near spellings. */
const MIN_FUZZY_LENGTH = 5;
/** Edits allowed in a near spelling, per character of the word ... */
const FUZZY_SHARE = 0.2;
/** ... and at most. */
const MAX_FUZZY_EDITS = 2;

/**
 * An inverted index over already analyzed text: each distinct term with the documents holding it,
 * in a radix tree so that prefixes and near spellings of a word are found too. It finds documents
 * by term; ranking is done elsewhere (see {@link termMatches}).
 */
export class TermIndex {
  readonly #holders = new Map<string, string[]>();
  /** The same terms and holders in a radix tree, for prefixes and near spellings. */
  readonly #tree = new SearchableMap<string[]>();
  readonly #documents = new Map<string, readonly string[]>();

  /** Indexes a document's distinct terms under its id (an id already indexed is replaced). */
  add(id: string, distinct: readonly string[]): void {
    this.discard(id);
    for (const term of distinct) {
      const holders = this.#holders.get(term);
      if (holders !== undefined) holders.push(id);
      else {
        const created = [id];
        this.#holders.set(term, created);
        this.#tree.set(term, created);
      }
    }
    this.#documents.set(id, distinct);
  }

  /** Forgets a document (an unknown id is ignored). */
  discard(id: string): void {
    const terms = this.#documents.get(id);
    if (terms === undefined) return;
    for (const term of terms) {
      const holders = this.#holders.get(term) ?? [];
      const kept = holders.filter((holder) => holder !== id);
      if (kept.length > 0) {
        this.#holders.set(term, kept);
        this.#tree.set(term, kept);
      } else {
        this.#holders.delete(term);
        this.#tree.delete(term);
      }
    }
    this.#documents.delete(id);
  }

  /**
   * The documents holding a term — the exact term or, when `approximate` and the word is long
   * enough (and not CJK), also words it is a prefix of and near spellings of it.
   */
  search(term: string, approximate: boolean): TermHits {
    const found = new Map<string, string[]>();
    const exact = this.#holders.get(term);
    if (exact !== undefined) found.set(term, exact);
    if (approximate && !isEncodedCjk(term)) {
      if (term.length >= MIN_PREFIX_LENGTH) {
        for (const [derived, holders] of this.#tree.atPrefix(term)) found.set(derived, holders);
      }
      if (term.length >= MIN_FUZZY_LENGTH) {
        const edits = Math.min(MAX_FUZZY_EDITS, Math.round(term.length * FUZZY_SHARE));
        for (const [derived, [holders]] of this.#tree.fuzzyGet(term, edits)) found.set(derived, holders);
      }
    }
    return { terms: [...found.keys()], holders: [...found.values()] };
  }
}

/**
 * The matches of a term among an index's hits for it (see {@link TermIndex.search}), with
 * frequencies from the given field statistics: the exact term, or the best of its prefixes and near
 * spellings at {@link DERIVED_TERM_WEIGHT}.
 */
export function termMatches(hits: TermHits, stats: FieldStatistics<string>, term: string): IndexMatches {
  const { terms, holders } = hits;
  // Each document holds a term once, so a lone term's holders need no deduplication.
  const union = holders.length === 1 ? undefined : new Set(holders.flat());
  const members = once(() => union ?? new Set(holders[0]));
  return {
    count: union?.size ?? holders[0].length,
    has: (id) => members().has(id),
    frequencies: once(() => {
      const frequencies = new Map<string, number>();
      terms.forEach((derived, index) => {
        const weight = derived === term ? 1 : DERIVED_TERM_WEIGHT;
        const ids = holders[index];
        const values = stats.frequencies(derived, ids);
        for (let position = 0; position < ids.length; position++) {
          const id = ids[position];
          const frequency = weight * values[position];
          if (frequency > (frequencies.get(id) ?? 0) || !frequencies.has(id)) frequencies.set(id, frequency);
        }
      });
      return frequencies;
    }),
  };
}

/** A computation done on first use, then remembered. */
export function once<T>(compute: () => T): () => T {
  let answer: { value: T } | undefined;
  return () => {
    answer ??= { value: compute() };
    return answer.value;
  };
}
