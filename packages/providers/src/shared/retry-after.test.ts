import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.ts';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');

  it('prefers retry-after-ms, then retry-after in seconds', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), now)).toBe(1500);
    expect(retryAfterMs(new Headers({ 'retry-after': '30' }), now)).toBe(30_000);
  });

  it('reads retry-after as an HTTP date, counted from now, never negative', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 25 Nov 2026 12:00:45 GMT' }), now)).toBe(45_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 25 Nov 2026 11:00:00 GMT' }), now)).toBe(0);
  });

  it('reads plain records and ignores what it cannot parse', () => {
    expect(retryAfterMs({ 'Retry-After': '2' }, now)).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});
