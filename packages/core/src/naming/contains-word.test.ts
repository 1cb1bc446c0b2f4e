import { describe, expect, it } from 'vitest';
import { containsWord } from './contains-word.ts';

describe('containsWord', () => {
  it('finds a word only where one starts', () => {
    expect(containsWord('whole milk 1l', 'milk')).toBe(true);
    expect(containsWord('buttermilk', 'milk')).toBe(false);
    expect(containsWord('milkshake', 'milk')).toBe(true);
    expect(containsWord('milk_shake', 'milk')).toBe(true);
    expect(containsWord('', 'milk')).toBe(false);
  });

  it('with whole, also only where one ends', () => {
    expect(containsWord('select pg_read_file(x)', 'pg_read_file', { whole: true })).toBe(true);
    expect(containsWord('select my_pg_read_file(x)', 'pg_read_file', { whole: true })).toBe(false);
    expect(containsWord('select pg_read_file2(x)', 'pg_read_file', { whole: true })).toBe(false);
    expect(containsWord('pg_read_files or pg_read_file', 'pg_read_file', { whole: true })).toBe(true);
  });

  it('takes the word literally, regular expression syntax included', () => {
    expect(containsWord('call search.products now', 'search.products', { whole: true })).toBe(true);
    expect(containsWord('call searchXproducts now', 'search.products', { whole: true })).toBe(false);
    expect(containsWord('aaaa', '(a+)+$')).toBe(false);
  });

  it('reads boundaries next to non-word characters as \\b does', () => {
    expect(containsWord('a -x b', '-x', { whole: true })).toBe(false);
    expect(containsWord('a-x b', '-x', { whole: true })).toBe(true);
  });
});
