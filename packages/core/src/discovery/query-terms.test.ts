import { describe, expect, it } from 'vitest';
import { TextAnalyzer } from './analyze-text.ts';
import { IMPLIED_WORD_WEIGHT, QueryExpander, SYNONYM_WEIGHT } from './query-terms.ts';

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

  it('adds the words a query implies, at a lower weight, after its own', () => {
    const expander = new QueryExpander(new TextAnalyzer(), ['file document']);
    expect(expander.concepts('Save to /tmp/out.log')).toEqual([
      { term: 'save', alternatives: new Map([['save', 1]]) },
      { term: 'tmp', alternatives: new Map([['tmp', 1]]) },
      { term: 'log', alternatives: new Map([['log', 1]]) },
      {
        term: 'file',
        alternatives: new Map([
          ['file', IMPLIED_WORD_WEIGHT],
          ['document', IMPLIED_WORD_WEIGHT * SYNONYM_WEIGHT],
        ]),
      },
    ]);
    const said = expander.concepts('Save the file to /tmp/out.log');
    expect(said.map((concept) => concept.term)).toEqual(['save', 'file', 'tmp', 'log']);
    expect(said[1]?.alternatives.get('file')).toBe(1);
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
