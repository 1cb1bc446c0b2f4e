import type { TextAnalyzer } from './analyze-text.ts';
import { compoundTerms } from './compound-terms.ts';
import { SYNONYM_WEIGHT } from './search-weights.ts';
import { SYNONYM_GROUPS } from './synonyms.ts';
import { adjacentPairs } from './term-pairs.ts';

/** One word of a query and the other words that would also express it. */
export interface QueryConcept {
  /** The query's own (normalized) term. */
  term: string;
  /** Every term that expresses the concept with its weight: the query's word at 1, synonyms lower. */
  alternatives: ReadonlyMap<string, number>;
}

/**
 * Turns a query into concepts — each distinct term of the query, with the other words of its synonym
 * groups as weaker alternatives — and into pairs of neighbouring terms. Built once per index from
 * the analyzer, so synonym words are normalized (stemmed) exactly like indexed text.
 */
export class QueryExpander {
  readonly #analyzer: TextAnalyzer;
  readonly #related = new Map<string, Set<string>>();

  constructor(analyzer: TextAnalyzer, groups: readonly string[] = SYNONYM_GROUPS) {
    this.#analyzer = analyzer;
    for (const group of groups) {
      const terms = [...new Set(analyzer.terms(group))];
      for (const term of terms) {
        let related = this.#related.get(term);
        if (related === undefined) {
          related = new Set();
          this.#related.set(term, related);
        }
        for (const other of terms) if (other !== term) related.add(other);
      }
    }
  }

  /**
   * The concepts of a query, one per distinct term, in order of first occurrence; then, when
   * `known` tells which terms the catalog holds, the catalog's terms for words the query writes
   * together or apart where the catalog does the opposite ("cosmosdb", "key vault").
   */
  concepts(query: string, known?: (term: string) => boolean): QueryConcept[] {
    const terms = new Set(this.#analyzer.terms(query));
    if (known !== undefined) {
      for (const term of compoundTerms(query, (word) => this.#analyzer.normalize(word), known))
        terms.add(term);
    }
    return [...terms].map((term) => this.#concept(term));
  }

  #concept(term: string): QueryConcept {
    const alternatives = new Map([[term, 1]]);
    for (const related of this.#related.get(term) ?? []) alternatives.set(related, SYNONYM_WEIGHT);
    return { term, alternatives };
  }

  /** The pairs of neighbouring query terms (stop words skipped), as `pairKey`s. */
  pairs(query: string): string[] {
    return adjacentPairs(this.#analyzer.terms(query));
  }
}
