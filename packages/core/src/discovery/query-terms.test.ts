import { describe, expect, it } from 'vitest';
import { TextAnalyzer } from './analyze-text.ts';
import { QueryExpander, SYNONYM_WEIGHT } from './query-terms.ts';

describe('QueryExpander', () => {
  it('keeps the query terms at weight 1 and adds their synonyms at a lower weight', () => {
    const expander = new QueryExpander(new TextAnalyzer(), ['picture image photo', 'save write']);
    expect(expander.weightedTerms('Save the picture')).toEqual(
      new Map([
        ['save', 1],
        ['pictur', 1],
        ['write', SYNONYM_WEIGHT],
        ['imag', SYNONYM_WEIGHT],
        ['photo', SYNONYM_WEIGHT],
      ]),
    );
  });

  it('never lowers a word the query itself contains', () => {
    const expander = new QueryExpander(new TextAnalyzer(), ['picture image']);
    expect(expander.weightedTerms('image picture').get('imag')).toBe(1);
  });
});
