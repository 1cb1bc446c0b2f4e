import { describe, expect, it } from 'vitest';
import { FieldStatistics } from './field-statistics.ts';

const fields = { name: { weight: 3, b: 0 }, text: { weight: 1, b: 0.75 } };

describe('FieldStatistics', () => {
  it('weights a term by the field it occurs in', () => {
    const stats = new FieldStatistics(fields);
    stats.add('a', { name: ['weather'], text: ['forecast'] });
    stats.add('b', { name: ['forecast'], text: ['weather'] });
    expect(stats.frequency('a', 'weather')).toBeGreaterThan(stats.frequency('b', 'weather'));
    expect(stats.frequency('a', 'weather')).toBe(3);
    expect(stats.frequency('a', 'missing')).toBe(0);
    expect(stats.frequency('unknown', 'weather')).toBe(0);
  });

  it('counts repeats and sums the fields', () => {
    const stats = new FieldStatistics(fields);
    stats.add('a', { name: ['map'], text: ['map', 'map'] });
    expect(stats.frequency('a', 'map')).toBe(3 + 2);
  });

  it('lowers a match in a longer-than-average field, as far as the field normalizes length', () => {
    const stats = new FieldStatistics(fields);
    stats.add('short', { name: ['x'], text: ['stock'] });
    stats.add('long', { name: ['x'], text: ['stock', 'price', 'history', 'chart', 'volume'] });
    expect(stats.frequency('short', 'stock')).toBeGreaterThan(stats.frequency('long', 'stock'));
    stats.add('named', { name: ['stock', 'price', 'history'], text: [] });
    stats.add('plain', { name: ['stock'], text: [] });
    expect(stats.frequency('named', 'stock')).toBe(stats.frequency('plain', 'stock'));
  });

  it('replaces and removes documents, keeping the averages right', () => {
    const stats = new FieldStatistics(fields);
    stats.add('a', { name: [], text: ['news'] });
    const alone = stats.frequency('a', 'news');
    stats.add('b', { name: [], text: ['news', 'sports', 'weather', 'tv', 'radio'] });
    expect(stats.frequency('a', 'news')).not.toBe(alone);
    stats.remove('b');
    expect(stats.size).toBe(1);
    expect(stats.frequency('a', 'news')).toBe(alone);
    stats.add('a', { name: ['news'], text: [] });
    expect(stats.size).toBe(1);
    expect(stats.frequency('a', 'news')).toBe(3);
  });

  it('refuses more fields than it can pack', () => {
    const many = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => [name, { weight: 1, b: 0 }]),
    );
    expect(() => new FieldStatistics(many)).toThrow(/at most 6 fields/);
  });

  it('gives the frequencies of a term in several documents at once, fresh after every change', () => {
    const stats = new FieldStatistics(fields);
    stats.add('a', { name: [], text: ['map'] });
    stats.add('b', { name: ['map'], text: ['map', 'route', 'city'] });
    const holders = ['a', 'b'];
    expect([...stats.frequencies('map', holders)]).toEqual([
      stats.frequency('a', 'map'),
      stats.frequency('b', 'map'),
    ]);
    const before = stats.frequencies('map', holders)[0];
    // A longer document raises the average text length: a's short text now counts for more.
    stats.add('c', { name: [], text: ['x', 'y', 'z', 'w', 'v', 'u'] });
    const after = stats.frequencies('map', holders)[0];
    expect(after).toBeGreaterThan(before);
    expect(after).toBe(stats.frequency('a', 'map'));
    holders.push('c');
    expect([...stats.frequencies('map', holders)]).toHaveLength(3);
  });

  it('stops a count at 255 in its own field, never carrying into the next field', () => {
    const stats = new FieldStatistics({ name: { weight: 1, b: 0 }, text: { weight: 100, b: 0 } });
    stats.add('a', { name: Array.from({ length: 300 }, () => 'map'), text: [] });
    expect(stats.frequency('a', 'map')).toBe(255);
  });
});
