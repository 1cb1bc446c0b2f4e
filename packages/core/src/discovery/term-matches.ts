import MiniSearch, { type SearchOptions, type SearchResult } from 'minisearch';
import { isEncodedCjk } from './analyze-text.ts';
import type { FieldStatistics } from './field-statistics.ts';

/** A document of a term index: an id and its distinct analyzed terms, space-separated. */
export interface TermDocument {
  id: string;
  text: string;
}

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

/** Weight of a prefix or near-spelling match, relative to the exact word. */
export const DERIVED_TERM_WEIGHT = 0.4;

const splitTerms = (text: string): string[] => (text === '' ? [] : text.split(' '));
const asIs = (term: string): string => term;

/** A MiniSearch index over already analyzed text: it finds documents by term; ranking is done elsewhere. */
export function termIndex(): MiniSearch<TermDocument> {
  return new MiniSearch<TermDocument>({ fields: ['text'], tokenize: splitTerms, processTerm: asIs });
}

/** The documents of an index holding a term — the exact term or, when `approximate`, also its prefixes and near spellings. */
export function searchTerm(
  index: MiniSearch<TermDocument>,
  term: string,
  approximate: boolean,
): SearchResult[] {
  return index.search(term, termOptions(term, approximate));
}

/**
 * The matches of a term among an index's hits for it (see {@link searchTerm}), with frequencies from
 * the given field statistics: the exact term, or the best of its prefixes and near spellings at
 * {@link DERIVED_TERM_WEIGHT}.
 */
export function termMatches(
  hits: readonly SearchResult[],
  stats: FieldStatistics<string>,
  term: string,
  approximate: boolean,
): IndexMatches {
  const ids = once(() => new Set(hits.map((hit) => hit.id)));
  return {
    count: hits.length,
    has: (id) => ids().has(id),
    frequencies: once(() => {
      const frequencies = new Map<string, number>();
      for (const hit of hits) {
        let best = 0;
        for (const derived of approximate ? Object.keys(hit.match) : [term]) {
          const weight = derived === term ? 1 : DERIVED_TERM_WEIGHT;
          best = Math.max(best, weight * stats.frequency(hit.id, derived));
        }
        frequencies.set(hit.id, best);
      }
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

/** Exact-term search, plus prefixes and near spellings of longer (non-CJK) words when approximate. */
function termOptions(term: string, approximate: boolean): SearchOptions {
  const exact: SearchOptions = { tokenize: (text) => [text], processTerm: asIs };
  if (!approximate || isEncodedCjk(term)) return exact;
  return { ...exact, prefix: term.length >= 4, fuzzy: term.length >= 5 ? 0.2 : false, maxFuzzy: 2 };
}
