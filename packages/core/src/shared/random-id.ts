/** A short random id (crypto-strength where available). */
export function randomId(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '').slice(0, 16);
}
