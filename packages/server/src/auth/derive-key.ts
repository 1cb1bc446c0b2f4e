import { hkdfSync } from 'node:crypto';

/**
 * A 32-byte key for one purpose, derived from the gateway's secret key (`SWITCHBOARD_SECRET_KEY`)
 * with HKDF-SHA256 and the purpose as its label: every replica with the same secret derives the same
 * key, and a key derived for one purpose says nothing about the secret or another purpose's key.
 */
export function deriveKey(secret: Uint8Array, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), `switchboard/${purpose}`, 32));
}
