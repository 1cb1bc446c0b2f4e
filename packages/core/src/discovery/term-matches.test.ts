import { describe, expect, it } from 'vitest';
import { FieldStatistics } from './field-statistics.ts';
import { DERIVED_TERM_WEIGHT } from './search-weights.ts';
import { TermIndex, termMatches } from './term-matches.ts';

function hitsOf(index: TermIndex, term: string, approximate: boolean): Record<string, string[]> {
  const { terms, holders } = index.search(term, approximate);
  return Object.fromEntries(terms.map((derived, position) => [derived, [...holders[position]].sort()]));
}

describe('TermIndex', () => {
  it('finds the documents holding a term exactly, and only those when not approximate', () => {
    const index = new TermIndex();
    index.add('a', ['weather', 'forecast']);
    index.add('b', ['weathering', 'rock']);
    expect(hitsOf(index, 'weather', false)).toEqual({ weather: ['a'] });
    expect(hitsOf(index, 'rain', false)).toEqual({});
  });

  it('approximate search adds longer words it is a prefix of and near spellings, by length', () => {
    const index = new TermIndex();
    index.add('a', ['weather']);
    index.add('b', ['weathering']);
    index.add('c', ['wether']);
    index.add('d', ['pdfs', 'pdf']);
    expect(hitsOf(index, 'weather', true)).toEqual({ weather: ['a'], weathering: ['b'], wether: ['c'] });
    // Under four characters neither prefixes nor near spellings count.
    expect(hitsOf(index, 'pdf', true)).toEqual({ pdf: ['d'] });
  });

  it('forgets a discarded document and a re-added one keeps only its new terms', () => {
    const index = new TermIndex();
    index.add('a', ['weather', 'forecast']);
    index.add('b', ['weather']);
    index.discard('b');
    index.add('a', ['forecast']);
    expect(hitsOf(index, 'weather', true)).toEqual({});
    expect(hitsOf(index, 'forecast', false)).toEqual({ forecast: ['a'] });
  });
});

describe('termMatches', () => {
  it('counts each document once and weighs a derived word below the exact one', () => {
    const index = new TermIndex();
    const stats = new FieldStatistics({ text: { weight: 1, b: 0 } });
    for (const [id, terms] of [
      ['a', ['report']],
      ['b', ['reports']],
      ['c', ['report', 'reports']],
    ] as const) {
      index.add(id, terms);
      stats.add(id, { text: terms });
    }
    const matches = termMatches(index.search('report', true), stats, 'report');
    expect(matches.count).toBe(3);
    expect(matches.has('b')).toBe(true);
    expect(Object.fromEntries(matches.frequencies())).toEqual({ a: 1, b: DERIVED_TERM_WEIGHT, c: 1 });
  });
});
