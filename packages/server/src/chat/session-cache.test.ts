import type { AgentSessionSnapshot } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

const snapshot = (id: string): AgentSessionSnapshot => ({
  id,
  messages: [],
  results: [],
  activatedServers: [],
  revealedTools: [],
  toolTurns: 0,
  discovered: false,
});

describe('SessionCache', () => {
  it('returns the last session set for a conversation, with its version', () => {
    const cache = new SessionCache();
    cache.set('c1', { version: 1, snapshot: snapshot('a') }, 10);
    cache.set('c1', { version: 2, snapshot: snapshot('b') }, 10);
    expect(cache.get('c1')).toMatchObject({ version: 2, snapshot: { id: 'b' } });
    expect(cache.get('c2')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('drops the least recently used session past its entry bound', () => {
    const cache = new SessionCache({ maxEntries: 2 });
    cache.set('c1', { version: 1, snapshot: snapshot('1') }, 1);
    cache.set('c2', { version: 1, snapshot: snapshot('2') }, 1);
    cache.get('c1');
    cache.set('c3', { version: 1, snapshot: snapshot('3') }, 1);
    expect(cache.get('c2')).toBeUndefined();
    expect(cache.get('c1')?.snapshot.id).toBe('1');
    expect(cache.get('c3')?.snapshot.id).toBe('3');
  });

  it('keeps the total size within its bound and never keeps a session larger than the bound', () => {
    const cache = new SessionCache({ maxChars: 100 });
    cache.set('c1', { version: 1, snapshot: snapshot('1') }, 60);
    cache.set('c2', { version: 1, snapshot: snapshot('2') }, 60);
    expect(cache.get('c1')).toBeUndefined();
    expect(cache.get('c2')).toBeDefined();
    cache.set('c3', { version: 1, snapshot: snapshot('3') }, 101);
    expect(cache.get('c3')).toBeUndefined();
    expect(cache.get('c2')).toBeDefined();
  });

  it('forgets a deleted conversation', () => {
    const cache = new SessionCache();
    cache.set('c1', { version: 1, snapshot: snapshot('1') }, 1);
    cache.delete('c1');
    expect(cache.get('c1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
