import { describe, expect, it } from 'vitest';
import { fnv1a64, shortHash } from './short-hash.ts';

describe('fnv1a64', () => {
  it('matches the reference FNV-1a 64 values', () => {
    expect(fnv1a64('')).toBe(0xcbf29ce484222325n);
    expect(fnv1a64('a')).toBe(0xaf63dc4c8601ec8cn);
    expect(fnv1a64('foobar')).toBe(0x85944171f73967e8n);
  });
});

describe('shortHash', () => {
  it('is 8 base-36 characters and deterministic', () => {
    const hash = shortHash('weather\u0000mcp\u0000get_forecast');
    expect(hash).toMatch(/^[0-9a-z]{8}$/);
    expect(shortHash('weather\u0000mcp\u0000get_forecast')).toBe(hash);
  });

  it('differs for near-identical inputs', () => {
    const hashes = new Set(Array.from({ length: 2000 }, (_, i) => shortHash(`tool_${i}`)));
    expect(hashes.size).toBe(2000);
  });
});
