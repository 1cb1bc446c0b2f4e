import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The file in the data directory holding an open gateway's token (readable by its owner only). */
export const LOCAL_TOKEN_FILE = 'local-token';

/**
 * The per-install secret of an open gateway (no users, loopback only), as Jupyter's token: `npm
 * start` prints a link carrying it, the browser that opens the link keeps it in an HttpOnly
 * SameSite cookie, and scripts on the machine send it as a bearer (the CLI reads it from the data
 * directory). A web page the person visits has neither, so it cannot act as the local administrator.
 * Kept in `path` (made on first use, mode 0600), so links and cookies outlive restarts.
 */
export async function loadOrCreateLocalToken(path: string): Promise<string> {
  try {
    const kept = (await readFile(path, 'utf8')).trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = newLocalToken();
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${token}\n`, { mode: 0o600 });
  return token;
}

/** A fresh random token (32 bytes, base64url). */
export function newLocalToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether `given` is the token (compared in constant time). */
export function isLocalToken(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The cookie the token is kept in by the browser, one per port (cookies are shared by every port
 * of a host, so two gateways on one machine would otherwise overwrite each other's).
 */
export function localTokenCookieName(requestUrl: string): string {
  const { port, protocol } = new URL(requestUrl);
  return `switchboard_token_${port || (protocol === 'https:' ? '443' : '80')}`;
}

/**
 * For the CLI on the gateway's machine: the token an open gateway at `gatewayUrl` keeps in
 * `dataDir`, when that gateway is on loopback (the token is never sent to another host) and the
 * file exists.
 */
export function localTokenFor(gatewayUrl: string, dataDir: string): string | undefined {
  const { hostname } = new URL(gatewayUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) return undefined;
  try {
    return readFileSync(join(dataDir, LOCAL_TOKEN_FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
