import { describe, expect, test } from 'vitest';
import { buildSearchQuery } from './search-query.ts';

describe('buildSearchQuery', () => {
  test('keeps content words and adds words for recognized requests', () => {
    expect(buildSearchQuery('what is 5 plus 3')).toBe('5 plus 3 calculate arithmetic');
    expect(buildSearchQuery('what is 5+3')).toBe('5 plus 3 calculate arithmetic');
    expect(buildSearchQuery('store hello under greeting')).toBe('store hello under greeting value key');
    expect(buildSearchQuery('what is stored in greeting')).toBe('stored greeting read value key');
    expect(buildSearchQuery('tell me about France')).toBe('about france countries sql database');
    expect(buildSearchQuery('search milk')).toBe('search milk');
  });
});
