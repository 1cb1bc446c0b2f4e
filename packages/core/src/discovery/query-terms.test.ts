import { describe, expect, it } from 'vitest';
import { TextAnalyzer } from './analyze-text.ts';
import { QueryExpander } from './query-terms.ts';
import { SYNONYM_WEIGHT } from './search-weights.ts';

describe('QueryExpander', () => {
  it('makes each query word a concept, with its synonyms as weaker alternatives', () => {
    const expander = new QueryExpander(new TextAnalyzer(), ['picture image photo', 'save write']);
    expect(expander.concepts('Save the picture')).toEqual([
      {
        term: 'save',
        alternatives: new Map([
          ['save', 1],
          ['write', SYNONYM_WEIGHT],
        ]),
      },
      {
        term: 'pictur',
        alternatives: new Map([
          ['pictur', 1],
          ['imag', SYNONYM_WEIGHT],
          ['photo', SYNONYM_WEIGHT],
        ]),
      },
    ]);
  });

  it('keeps a word the query itself contains at full weight in its own concept', () => {
    const expander = new QueryExpander(new TextAnalyzer(), ['picture image']);
    const concepts = expander.concepts('image picture image');
    expect(concepts.map((concept) => concept.term)).toEqual(['imag', 'pictur']);
    expect(concepts[0]?.alternatives.get('imag')).toBe(1);
  });

  it("adds the catalog's terms for words the query writes together or apart, with their synonyms", () => {
    const analyzer = new TextAnalyzer();
    const expander = new QueryExpander(analyzer, ['db database']);
    const known = new Set(analyzer.terms('Cosmos DB keyvault'));
    const concepts = expander.concepts('my cosmosdb and key vault', (term) => known.has(term));
    expect(concepts.map((concept) => concept.term)).toEqual(
      analyzer.terms('cosmosdb key vault keyvault cosmos db'),
    );
    expect(concepts.at(-1)?.alternatives).toEqual(
      new Map([
        ['db', 1],
        [analyzer.normalize('database') ?? '', SYNONYM_WEIGHT],
      ]),
    );
    expect(expander.concepts('my cosmosdb').map((concept) => concept.term)).toEqual(['cosmosdb']);
  });

  it('pairs neighbouring query words, across stop words', () => {
    const expander = new QueryExpander(new TextAnalyzer(), []);
    expect(expander.pairs('Please read the file and write a summary')).toEqual([
      'file read',
      'file write',
      'summari write',
    ]);
  });
});
