/** The answer of a rate limiter to one request. */
export interface RateDecision {
  allowed: boolean;
  /** Requests left in the current window (after this one, when allowed). */
  remaining: number;
  /** When refused: milliseconds until a request would be allowed. */
  retryAfterMs: number;
}

/** Counts requests per key in a sliding window (e.g. 30 per minute per user). */
export interface RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  take(key: string): Promise<RateDecision>;
}
