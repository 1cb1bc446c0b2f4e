import type { Context } from 'hono';
import type { User } from '../auth/user.ts';
import type { GatewayServices } from '../services/gateway-services.ts';
import { ApiError } from './api-error.ts';

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
  throw new ApiError(
    429,
    'rate_limited',
    `rate limit: ${limiter.limit} requests per ${Math.round(limiter.windowMs / 1000)} s; retry in ${seconds} s`,
    {
      details: { limit: limiter.limit, window_ms: limiter.windowMs, retry_after_ms: decision.retryAfterMs },
      headers: {
        'Retry-After': String(seconds),
        'X-RateLimit-Limit': String(limiter.limit),
        'X-RateLimit-Remaining': '0',
      },
    },
  );
}
