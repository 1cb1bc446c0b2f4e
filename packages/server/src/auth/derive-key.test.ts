import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey } from './derive-key.ts';

describe('deriveKey', () => {
  it('derives the same 32 bytes from the same secret and purpose, and other bytes otherwise', () => {
    const secret = randomBytes(32);
    const key = deriveKey(secret, 'mcp request state');
    expect(key).toHaveLength(32);
    expect(deriveKey(Buffer.from(secret), 'mcp request state')).toEqual(key);
    expect(deriveKey(secret, 'another purpose')).not.toEqual(key);
    expect(deriveKey(randomBytes(32), 'mcp request state')).not.toEqual(key);
    expect(Buffer.from(key).equals(secret)).toBe(false);
  });
});
