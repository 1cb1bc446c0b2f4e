import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts a secret for storage with AES-256-GCM under `key` (32 bytes). `context` (e.g. the user
 * and server it belongs to) is authenticated but not stored: a sealed value copied to another
 * row does not open. The result is `v1.<base64 of iv, tag and ciphertext>`.
 */
export function sealSecret(key: Uint8Array, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
}

/** Decrypts what {@link sealSecret} sealed; throws when the key or context is not the one it was sealed with. */
export function openSecret(key: Uint8Array, sealed: string, context: string): string {
  const [version, body] = sealed.split('.');
  if (version !== VERSION || !body) throw new Error('not a sealed secret of a known version');
  const bytes = Buffer.from(body, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new Error(
      'cannot decrypt a stored secret: the secret key (SWITCHBOARD_SECRET_KEY) is not the one it was stored with',
    );
  }
}
