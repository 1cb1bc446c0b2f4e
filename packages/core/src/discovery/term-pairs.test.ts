import { describe, expect, it } from 'vitest';
import { adjacentPairs, pairKey, TermPairs } from './term-pairs.ts';

describe('adjacentPairs', () => {
  it('pairs neighbours in either order, each pair once', () => {
    expect(adjacentPairs(['bar', 'chart', 'bar', 'chart', 'chart'])).toEqual(['bar chart']);
    expect(adjacentPairs(['write', 'file'])).toEqual([pairKey('file', 'write')]);
    expect(adjacentPairs(['alone'])).toEqual([]);
  });
});

describe('TermPairs', () => {
  it('finds the documents holding a pair, and forgets removed ones', () => {
    const pairs = new TermPairs();
    pairs.add('chart', [
      ['generat', 'bar', 'chart'],
      ['draw', 'bar', 'chart'],
    ]);
    pairs.add('menu', [['bar', 'menu', 'chart']]);
    expect([...pairs.holders('bar chart')]).toEqual(['chart']);
    expect([...pairs.holders(pairKey('menu', 'bar'))]).toEqual(['menu']);
    pairs.add('menu', [['bar', 'chart']]);
    expect([...pairs.holders('bar chart')]).toEqual(['chart', 'menu']);
    pairs.remove('chart');
    pairs.remove('unknown');
    expect([...pairs.holders('bar chart')]).toEqual(['menu']);
    expect([...pairs.holders('bar menu')]).toEqual([]);
  });
});
