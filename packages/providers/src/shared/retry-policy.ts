/** How long and how often an adapter retries a request the vendor refused for now or broke off. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** The longest single wait: a vendor asking for more ends the call at once, saying how long it asked. */
  maxWaitMs: number;
  /** The most waiting in all for one call. */
  budgetMs: number;
}

/** Two retries, at most 15 s per wait and 30 s in all: a turn is never silent for longer. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 2, maxWaitMs: 15_000, budgetMs: 30_000 };

/** No retries: the first failure ends the call. */
export const NO_RETRIES: RetryPolicy = { maxRetries: 0, maxWaitMs: 0, budgetMs: 0 };

/** The retry options the adapters take. */
export interface RetryOptions {
  maxRetries?: number;
  maxRetryWaitMs?: number;
  retryBudgetMs?: number;
}

/** An adapter's retry policy: its options over {@link DEFAULT_RETRY_POLICY}. */
export function retryPolicy(options: RetryOptions): RetryPolicy {
  return {
    maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
    maxWaitMs: options.maxRetryWaitMs ?? DEFAULT_RETRY_POLICY.maxWaitMs,
    budgetMs: options.retryBudgetMs ?? DEFAULT_RETRY_POLICY.budgetMs,
  };
}
