import { describe, expect, it } from 'vitest';
import { normalizeSearchTerm, tokenizeForSearch } from './search-terms.ts';

describe('tokenizeForSearch', () => {
  it('splits identifiers and phrases', () => {
    expect(tokenizeForSearch('getWeather_forecast: next days')).toEqual([
      'get',
      'weather',
      'forecast',
      'next',
      'days',
    ]);
  });

  it('indexes CJK runs by characters and pairs', () => {
    expect(tokenizeForSearch('查询火车')).toEqual(['查', '询', '火', '车', '查询', '询火', '火车']);
  });
});

describe('normalizeSearchTerm', () => {
  it('drops stop words and lone letters', () => {
    expect(normalizeSearchTerm('The')).toBeNull();
    expect(normalizeSearchTerm('x')).toBeNull();
    expect(normalizeSearchTerm('3')).toBe('3');
  });

  it('folds simple plurals the same way for documents and queries', () => {
    expect(normalizeSearchTerm('Recipes')).toBe('recipe');
    expect(normalizeSearchTerm('queries')).toBe('query');
    expect(normalizeSearchTerm('address')).toBe('address');
    expect(normalizeSearchTerm('status')).toBe('status');
  });
});
