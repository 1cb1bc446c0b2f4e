import { createHash, randomBytes } from 'node:crypto';

/** A new API key: `sk-sb-` and 32 random bytes in base64url (shown once, stored hashed). */
export function newApiKey(): string {
  return `sk-sb-${randomBytes(32).toString('base64url')}`;
}

/** The stored form of an API key. Keys are long random strings, so a plain SHA-256 is enough. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
