import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box.ts';

describe('sealSecret / openSecret', () => {
  const key = randomBytes(32);

  it('round-trips, with a fresh IV each time, and hides the plaintext', () => {
    const first = sealSecret(key, '{"access_token":"secret-token"}', 'ctx');
    const second = sealSecret(key, '{"access_token":"secret-token"}', 'ctx');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\./);
    expect(Buffer.from(first.slice(3), 'base64').toString('latin1')).not.toContain('secret-token');
    expect(openSecret(key, first, 'ctx')).toBe('{"access_token":"secret-token"}');
  });

  it('refuses another key, another context, and a tampered value', () => {
    const sealed = sealSecret(key, 'payload', 'alice:shop');
    expect(() => openSecret(randomBytes(32), sealed, 'alice:shop')).toThrow(/secret key/);
    expect(() => openSecret(key, sealed, 'bob:shop')).toThrow(/secret key/);
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => openSecret(key, `v1.${bytes.toString('base64')}`, 'alice:shop')).toThrow(/secret key/);
    expect(() => openSecret(key, 'v0.abc', 'alice:shop')).toThrow(/known version/);
  });
});
