import { describe, expect, it } from 'vitest';
import { contentKey, keyed } from './keyed.ts';

describe('keyed', () => {
  it('keys repeated entries apart, numbering them by occurrence', () => {
    expect(keyed(['a', 'b', 'a', 'a']).map((entry) => entry.key)).toEqual([
      '1:"a"',
      '1:"b"',
      '2:"a"',
      '3:"a"',
    ]);
  });

  it('never makes a key that another entry already has, whatever the identities say', () => {
    const identities = ['a', '2:a', 'a', '1:a', '2:a'];
    const keys = keyed(identities, (identity) => identity).map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps an entry’s key when entries are added before it (no key is a position)', () => {
    const before = keyed([{ id: 'x' }, { id: 'y' }], (item) => item.id);
    const after = keyed([{ id: 'w' }, { id: 'x' }, { id: 'y' }], (item) => item.id);
    expect(after.slice(1).map((entry) => entry.key)).toEqual(before.map((entry) => entry.key));
  });

  it('hands an unchanged object the same wrapper, so its row has nothing new to render', () => {
    const items = [{ id: 'x' }, { id: 'y' }];
    const first = keyed(items, (item) => item.id);
    const second = keyed([...items], (item) => item.id);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
  });
});

describe('contentKey', () => {
  it('tells values of different types apart and survives values JSON cannot write', () => {
    expect(contentKey(1)).not.toBe(contentKey('1'));
    expect(contentKey(undefined)).toBe('undefined:undefined');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(contentKey(cycle)).toBe('object:[object Object]');
    expect(contentKey(10n)).toBe('bigint:10');
  });
});
