/** Response headers as the SDKs' errors carry them: a fetch `Headers`, or a plain record. */
export type HeadersLike = { get(name: string): string | null } | Record<string, string | undefined>;

/**
 * How long the vendor asked the client to wait, in milliseconds, from a response's headers:
 * `retry-after-ms` (OpenAI's), else `retry-after` in seconds or as an HTTP date (RFC 9110 §10.2.3).
 * Undefined when no usable header is present; never negative.
 */
export function retryAfterMs(headers: HeadersLike | undefined, now = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  const millis = Number.parseFloat(readHeader(headers, 'retry-after-ms') ?? '');
  if (Number.isFinite(millis)) return Math.max(0, millis);
  const value = readHeader(headers, 'retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number.parseFloat(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** One header's value, by its lowercase name (a plain record's keys in any case). */
export function readHeader(headers: HeadersLike | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined;
  if (typeof headers.get === 'function') return headers.get(name) ?? undefined;
  const record = headers as Record<string, string | undefined>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : record[key];
}
