import type { QueryConcept } from './query-terms.ts';
import type { TermMatches } from './term-matches.ts';

/** BM25 term-frequency saturation. */
const K1 = 1.2;

/**
 * How much a matching word says, from the number of documents holding it: the BM25 inverse document
 * frequency, squared — once as BM25's own term weight, once as the query-side weight of the word,
 * so the few telling words of a long request outweigh its many common ones.
 */
export function rarity(total: number, count: number): number {
  return Math.log(1 + (total - count + 0.5) / (count + 0.5)) ** 2;
}

/** BM25 saturation of a (pseudo) term frequency: more occurrences count, with diminishing returns. */
export function saturate(frequency: number): number {
  return (frequency * (K1 + 1)) / (K1 + frequency);
}

/** Common words to leave out of a concept: those held by at least `count` documents whose weighted rarity is below `rarity`. */
export interface CommonWords {
  rarity: number;
  count: number;
}

/**
 * Each document's BM25F score for one concept of a query: the best of its alternatives (the query's
 * word, or one of its synonyms at a lower weight), so a concept counts once however many synonyms a
 * document holds. A synonym is never rarer than the word itself, so it cannot outweigh a document
 * that has the very word the user wrote. `total` is the number of documents; alternatives that are
 * `common` are skipped.
 */
export function conceptScores(
  concept: QueryConcept,
  matchesOf: (term: string) => TermMatches,
  total: number,
  common?: CommonWords,
): Map<string, number> {
  const best = new Map<string, number>();
  const ownRarity = rarity(total, matchesOf(concept.term).count);
  for (const [term, weight] of concept.alternatives) {
    const matches = matchesOf(term);
    const termRarity = Math.min(ownRarity, rarity(total, matches.count));
    if (matches.count === 0) continue;
    if (common !== undefined && matches.count >= common.count && weight * termRarity < common.rarity)
      continue;
    for (const [id, frequency] of matches.frequencies()) {
      const score = weight * termRarity * saturate(frequency);
      if (score > (best.get(id) ?? 0)) best.set(id, score);
    }
  }
  return best;
}
