/** A new widget id: `w_` and 10 random base-36 characters (crypto-random, browser and Node). */
export function newWidgetId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `w_${Array.from(bytes, (byte) => (byte % 36).toString(36)).join('')}`;
}
