import type { Context } from 'hono';
import type { User } from '../auth/user.ts';
import type { GatewayServices } from '../services/gateway-services.ts';
import { ApiError } from './api-error.ts';

/** A refusal by the per-user rate limit: the limit, its window, and when a request would pass again. */
export interface RateLimitRefusal {
  limit: number;
  windowMs: number;
  retryAfterMs: number;
  message: string;
}

/**
 * Counts a model-invoking request against the user's per-minute limit (shared by replicas through
 * Redis); over it, a 429 with `Retry-After` (seconds).
 */
export async function enforceRateLimit(c: Context, services: GatewayServices, user: User): Promise<void> {
  const limiter = services.rateLimiter;
  if (!limiter) return;
  const decision = await limiter.take(user.id);
  c.header('X-RateLimit-Limit', String(limiter.limit));
  c.header('X-RateLimit-Remaining', String(decision.remaining));
  if (decision.allowed) return;
  const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  throw rateLimitedError({
    limit: limiter.limit,
    windowMs: limiter.windowMs,
    retryAfterMs: decision.retryAfterMs,
    message: `rate limit: ${limiter.limit} requests per ${Math.round(limiter.windowMs / 1000)} s; retry in ${seconds} s`,
  });
}

/** The 429 `rate_limited` answer to a refusal, with `Retry-After` (seconds) and the limit's headers. */
export function rateLimitedError(refusal: RateLimitRefusal): ApiError {
  const seconds = Math.max(1, Math.ceil(refusal.retryAfterMs / 1000));
  return new ApiError(429, 'rate_limited', refusal.message, {
    details: { limit: refusal.limit, window_ms: refusal.windowMs, retry_after_ms: refusal.retryAfterMs },
    headers: {
      'Retry-After': String(seconds),
      'X-RateLimit-Limit': String(refusal.limit),
      'X-RateLimit-Remaining': '0',
    },
  });
}
