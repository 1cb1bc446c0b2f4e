import { describe, expect, it } from 'vitest';
import { mergeRankings } from './merge-rankings.ts';

describe('mergeRankings', () => {
  it('takes the best of each ranking before the second of any, in query order', () => {
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

  it('puts an item several queries found before those only one query found', () => {
    expect(
      mergeRankings(
        [
          ['a1', 'shared'],
          ['b1', 'shared'],
          ['c1', 'c2'],
        ],
        (item) => item,
        4,
      ),
    ).toEqual(['shared', 'a1', 'b1', 'c1']);
    expect(
      mergeRankings(
        [
          ['a1', 'a2'],
          ['b1', 'a2'],
        ],
        (item) => item,
        2,
      ),
    ).toEqual(['a2', 'a1']);
  });

  it('merges nothing into nothing', () => {
    expect(mergeRankings([], (item: string) => item, 5)).toEqual([]);
  });
});
