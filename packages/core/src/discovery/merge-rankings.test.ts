import { describe, expect, it } from 'vitest';
import { mergeRankings } from './merge-rankings.ts';

describe('mergeRankings', () => {
  it('takes the best of each ranking before the second of any', () => {
    expect(
      mergeRankings(
        [
          ['a1', 'a2', 'a3'],
          ['b1', 'b2'],
        ],
        (item) => item,
        10,
      ),
    ).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('keeps an item once, at its best place, and stops at the limit', () => {
    expect(
      mergeRankings(
        [
          ['x', 'a'],
          ['b', 'x', 'c'],
        ],
        (item) => item,
        3,
      ),
    ).toEqual(['x', 'b', 'a']);
  });

  it('merges nothing into nothing', () => {
    expect(mergeRankings([], (item: string) => item, 5)).toEqual([]);
  });
});
