import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './memory-rate-limiter.ts';

describe('createMemoryRateLimiter', () => {
  it('allows `limit` requests per window and key, then says when to retry', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter({ limit: 2, windowMs: 60_000, now: () => now });
    expect(await limiter.take('alice')).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
    now += 10_000;
    expect((await limiter.take('alice')).remaining).toBe(0);
    expect(await limiter.take('bob')).toMatchObject({ allowed: true });
    now += 5_000;
    expect(await limiter.take('alice')).toEqual({ allowed: false, remaining: 0, retryAfterMs: 45_000 });
    now += 45_000;
    expect((await limiter.take('alice')).allowed).toBe(true);
  });
});
