import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './open-with-retries.ts';

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
