import type { TextAnalyzer } from './analyze-text.ts';
import { SYNONYM_GROUPS } from './synonyms.ts';

/** The weight of a word pulled in through a synonym group, relative to a word of the query. */
export const SYNONYM_WEIGHT = 0.35;

/**
 * Expands query terms with synonyms: each term of the query keeps weight 1, the other words of its
 * synonym groups come in at {@link SYNONYM_WEIGHT}. Built once per index from the analyzer, so
 * synonym words are normalized (stemmed) exactly like indexed text.
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

  /** The weighted terms of a query: its own terms (weight 1, repeats collapsed), then synonyms. */
  weightedTerms(query: string): Map<string, number> {
    const weights = new Map<string, number>();
    const own = this.#analyzer.terms(query);
    for (const term of own) weights.set(term, 1);
    for (const term of own) {
      for (const related of this.#related.get(term) ?? []) {
        if (!weights.has(related)) weights.set(related, SYNONYM_WEIGHT);
      }
    }
    return weights;
  }
}
