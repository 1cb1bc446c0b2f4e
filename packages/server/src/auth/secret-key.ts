import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const KEY_BYTES = 32;
const HOW_TO = 'e.g. `openssl rand -base64 32`';

/**
 * The key that encrypts stored credentials, from its configured text: 32 bytes in base64 or hex.
 * Throws (without echoing the value) when it is anything else.
 */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES || (!/^[0-9a-f]{64}$/i.test(trimmed) && key.toString('base64') !== trimmed)) {
    throw new Error(
      `the secret key (SWITCHBOARD_SECRET_KEY) must be ${KEY_BYTES} bytes in base64 or hex, ${HOW_TO}`,
    );
  }
  return key;
}

/**
 * For development: the key kept in `path` (created, readable by its owner only, on first use).
 * `created` says whether it was made now, so the caller can say so once.
 */
export async function loadOrCreateSecretKey(path: string): Promise<{ key: Buffer; created: boolean }> {
  try {
    return { key: parseSecretKey(await readFile(path, 'utf8')), created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(KEY_BYTES);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return { key, created: true };
}
