import { describe, expect, test } from 'vitest';
import { readCount, readNumbers, spellOutOperators } from './numbers.ts';

describe('readNumbers', () => {
  test('reads digits and number words in order', () => {
    expect(readNumbers('what is 5 plus 3')).toEqual([5, 3]);
    expect(readNumbers('what is five times twelve?')).toEqual([5, 12]);
    expect(readNumbers('-2.5 times 1,000')).toEqual([-2.5, 1000]);
  });

  test('reads operands around symbols, and in operation order for "subtract … from"', () => {
    expect(readNumbers('7-2')).toEqual([7, 2]);
    expect(readNumbers('12/4')).toEqual([12, 4]);
    expect(readNumbers('subtract 3 from 10')).toEqual([10, 3]);
  });

  test('skips product codes, dates, ordinals and "one" as a pronoun', () => {
    expect(readNumbers('add DAI-001 on 2025-01-02')).toEqual([]);
    expect(readNumbers('add the first one to my cart')).toEqual([]);
    expect(readNumbers('the 2nd item')).toEqual([]);
  });
});

describe('spellOutOperators', () => {
  test('spells out arithmetic symbols between numbers', () => {
    expect(spellOutOperators('5+3, 4*2, 8/2, 9 - 1')).toBe('5 plus 3, 4 times 2, 8 divided by 2, 9 minus 1');
  });
});

describe('readCount', () => {
  test('reads limits and quantities tied to their words', () => {
    expect(readCount('top 5 countries', 'limit')).toBe(5);
    expect(readCount('show 20 results', 'limit')).toBe(20);
    expect(readCount('add 2 of the first one', 'quantity')).toBe(2);
    expect(readCount('3 x milk', 'quantity')).toBe(3);
    expect(readCount('search milk', 'quantity')).toBeUndefined();
  });
});
