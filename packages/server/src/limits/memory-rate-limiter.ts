import type { RateDecision, RateLimiter } from './rate-limiter.ts';

/** A sliding-window limiter kept in this process (one gateway, or tests). */
export function createMemoryRateLimiter(options: {
  limit: number;
  windowMs?: number;
  now?: () => number;
}): RateLimiter {
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const hits = new Map<string, number[]>();
  return {
    limit: options.limit,
    windowMs,
    async take(key): Promise<RateDecision> {
      const time = now();
      const recent = (hits.get(key) ?? []).filter((at) => at > time - windowMs);
      if (recent.length >= options.limit) {
        hits.set(key, recent);
        return { allowed: false, remaining: 0, retryAfterMs: Math.max(1, recent[0] + windowMs - time) };
      }
      recent.push(time);
      hits.set(key, recent);
      return { allowed: true, remaining: options.limit - recent.length, retryAfterMs: 0 };
    },
  };
}
