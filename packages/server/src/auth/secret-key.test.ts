import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateSecretKey, parseSecretKey } from './secret-key.ts';

describe('parseSecretKey', () => {
  it('reads 32 bytes in base64 or hex', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey(` ${key.toString('hex')}\n`)).toEqual(key);
  });

  it('refuses anything else without echoing it', () => {
    expect(() => parseSecretKey('hunter2-is-my-password')).toThrow(/32 bytes in base64 or hex/);
    expect(() => parseSecretKey('hunter2-is-my-password')).not.toThrow(/hunter2/);
    expect(() => parseSecretKey(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});

describe('loadOrCreateSecretKey', () => {
  it('makes a key readable by its owner only, then reads the same one back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'secret-key-'));
    try {
      const path = join(dir, 'nested', 'secret-key');
      const made = await loadOrCreateSecretKey(path);
      expect(made.created).toBe(true);
      expect(made.key).toHaveLength(32);
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      expect(parseSecretKey(await readFile(path, 'utf8'))).toEqual(made.key);
      expect(await loadOrCreateSecretKey(path)).toEqual({ key: made.key, created: false });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
