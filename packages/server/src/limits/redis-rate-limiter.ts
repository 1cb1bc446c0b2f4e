import type { Redis } from 'ioredis';
import type { RateDecision, RateLimiter } from './rate-limiter.ts';

/**
 * Sliding-window log in a sorted set, checked and updated atomically by one script so replicas
 * sharing the Redis share the count. Returns {allowed, count, oldest}.
 */
const TAKE_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local member = ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return {0, count, tonumber(oldest[2])}
end
redis.call('ZADD', key, now, member)
redis.call('PEXPIRE', key, window)
return {1, count + 1, 0}
`;

/** A sliding-window limiter in Redis, shared by every replica using the same Redis and prefix. */
export function createRedisRateLimiter(
  redis: Redis,
  options: { limit: number; windowMs?: number; prefix: string },
): RateLimiter {
  const windowMs = options.windowMs ?? 60_000;
  let sequence = 0;
  return {
    limit: options.limit,
    windowMs,
    async take(key): Promise<RateDecision> {
      const now = Date.now();
      const member = `${now}-${process.pid}-${++sequence}-${Math.random().toString(36).slice(2, 8)}`;
      const [allowed, count, oldest] = (await redis.eval(
        TAKE_SCRIPT,
        1,
        `${options.prefix}rate:${key}`,
        now,
        windowMs,
        options.limit,
        member,
      )) as [number, number, number];
      if (allowed === 1) return { allowed: true, remaining: options.limit - count, retryAfterMs: 0 };
      return { allowed: false, remaining: 0, retryAfterMs: Math.max(1, oldest + windowMs - now) };
    },
  };
}
