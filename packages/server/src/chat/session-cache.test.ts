import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

const json = (size: number) => `"${'x'.repeat(size - 2)}"`;

describe('SessionCache', () => {
  it('returns the last session set for a conversation, with its version', () => {
    const cache = new SessionCache();
    cache.set('c1', { version: 1, json: '{"id":"a"}' });
    cache.set('c1', { version: 2, json: '{"id":"b"}' });
    expect(cache.get('c1')).toEqual({ version: 2, json: '{"id":"b"}' });
    expect(cache.get('c2')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('drops the least recently used session past its entry bound', () => {
    const cache = new SessionCache({ maxEntries: 2 });
    cache.set('c1', { version: 1, json: '1' });
    cache.set('c2', { version: 1, json: '2' });
    cache.get('c1');
    cache.set('c3', { version: 1, json: '3' });
    expect(cache.get('c2')).toBeUndefined();
    expect(cache.get('c1')?.json).toBe('1');
    expect(cache.get('c3')?.json).toBe('3');
  });

  it('keeps the total size within its bound and never keeps a session larger than the bound', () => {
    const cache = new SessionCache({ maxChars: 100 });
    cache.set('c1', { version: 1, json: json(60) });
    cache.set('c2', { version: 1, json: json(60) });
    expect(cache.get('c1')).toBeUndefined();
    expect(cache.get('c2')).toBeDefined();
    cache.set('c3', { version: 1, json: json(101) });
    expect(cache.get('c3')).toBeUndefined();
    expect(cache.get('c2')).toBeDefined();
  });

  it('forgets a deleted conversation', () => {
    const cache = new SessionCache();
    cache.set('c1', { version: 1, json: '{}' });
    cache.delete('c1');
    expect(cache.get('c1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
