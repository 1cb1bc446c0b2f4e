import { describe, expect, it } from 'vitest';
import { conceptScores, rarity, saturate } from './concept-scores.ts';
import type { TermMatches } from './term-matches.ts';

/** Term matches from a table: term → document → pseudo frequency. */
function table(rows: Record<string, Record<string, number>>): (term: string) => TermMatches {
  return (term) => {
    const frequencies = new Map(Object.entries(rows[term] ?? {}));
    return { count: frequencies.size, frequencies: () => frequencies };
  };
}

const concept = (term: string, synonyms: string[] = [], weight = 0.5) => ({
  term,
  alternatives: new Map([[term, 1], ...synonyms.map((synonym): [string, number] => [synonym, weight])]),
});

describe('conceptScores', () => {
  it('gives rare words more weight than common ones', () => {
    expect(rarity(100, 1)).toBeGreaterThan(rarity(100, 50));
    expect(saturate(2)).toBeGreaterThan(saturate(1));
    expect(saturate(2)).toBeLessThan(2 * saturate(1));
  });

  it('scores each document by its best alternative, not the sum of its synonyms', () => {
    const matches = table({
      image: { a: 1 },
      picture: { b: 1, c: 1 },
      photo: { c: 1, d: 1 },
    });
    const scores = conceptScores(concept('image', ['picture', 'photo']), matches, 10);
    expect(scores.get('a')).toBeGreaterThan(scores.get('b') ?? 0);
    expect(scores.get('c')).toBe(scores.get('b'));
  });

  it('never lets a synonym count as rarer than the word the user wrote', () => {
    const common = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`d${index}`, 1]));
    const matches = table({ get: common, obtain: { rare: 1 } });
    const scores = conceptScores(concept('get', ['obtain']), matches, 100);
    expect(scores.get('rare')).toBeCloseTo(0.5 * (scores.get('d0') ?? 0));
  });

  it('lets synonyms carry a word no document holds', () => {
    const scores = conceptScores(concept('homestay', ['hotel']), table({ hotel: { inn: 1 } }), 10);
    expect(scores.get('inn')).toBeGreaterThan(0);
  });

  it('skips common alternatives: held by many documents and below the rarity floor', () => {
    const everywhere = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`d${index}`, 1]));
    const matches = table({ data: everywhere });
    expect(conceptScores(concept('data'), matches, 10, { rarity: 0.5, count: 10 }).size).toBe(0);
    expect(conceptScores(concept('data'), matches, 10, { rarity: 0.5, count: 11 }).size).toBe(10);
    expect(conceptScores(concept('data'), matches, 10).size).toBe(10);
  });
});
