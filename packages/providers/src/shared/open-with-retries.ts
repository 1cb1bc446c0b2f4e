import type { ModelStreamEvent } from '@switchboard/core';
import { isBillingError } from './billing-error.ts';
import { modelErrorType } from './model-error-type.ts';
import { RetriesStoppedError } from './retries-stopped-error.ts';
import { type HeadersLike, readHeader, retryAfterMs } from './retry-after.ts';

/** How long and how often an adapter retries a request the vendor refused for now. */
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

/** How to open one model request. */
export interface OpenWithRetriesOptions {
  /** Named in errors, e.g. `OpenAI`. */
  vendor: string;
  signal: AbortSignal;
  policy: RetryPolicy;
}

/**
 * Opens a model request (the SDK's own retries turned off), retrying what the vendor refused for now —
 * 408, 409, 429, 5xx and connection errors, unless `x-should-retry: false` or a billing error — after
 * the wait the vendor asked for (`retry-after-ms`, `retry-after`) or an exponential backoff. Each wait
 * is announced first with a `retry` event. A wait over the policy's cap or budget is not made: the call
 * fails at once with a {@link RetriesStoppedError} naming the vendor's wait. Returns the opened stream.
 */
export async function* openWithRetries<T>(
  open: () => Promise<T>,
  options: OpenWithRetriesOptions,
): AsyncGenerator<ModelStreamEvent, T> {
  const { vendor, signal, policy } = options;
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      const reason = retryReason(error);
      if (reason === undefined || signal.aborted) throw error;
      const asked = retryAfterMs(headersOf(error));
      const limited = reason === 'rate_limit' ? 'rate limited: ' : '';
      if (attempt > policy.maxRetries) {
        if (asked === undefined || reason !== 'rate_limit') throw error;
        const retries = `${policy.maxRetries} ${policy.maxRetries === 1 ? 'retry' : 'retries'}`;
        throw new RetriesStoppedError(
          error,
          `rate limited: still refused after ${retries}; ${vendor} asks to wait ${seconds(asked)} more`,
        );
      }
      if (asked !== undefined && asked > policy.maxWaitMs) {
        throw new RetriesStoppedError(
          error,
          `${limited}${vendor} asks to wait ${seconds(asked)}, longer than the ${seconds(policy.maxWaitMs)} a request waits; try again in ${seconds(asked)}`,
        );
      }
      const waitMs = asked ?? backoffMs(attempt, policy.maxWaitMs);
      if (waited + waitMs > policy.budgetMs) {
        throw new RetriesStoppedError(
          error,
          `${limited}${asked === undefined ? 'the next wait of' : `${vendor} asks to wait another`} ${seconds(waitMs)}, beyond the ${seconds(policy.budgetMs)} retry budget after ${seconds(waited)} of waiting; try again in ${seconds(waitMs)}`,
        );
      }
      const errorType = modelErrorType(error);
      yield { type: 'retry', attempt, waitMs, reason, ...(errorType ? { errorType } : {}) };
      await sleep(waitMs, signal);
      waited += waitMs;
      if (signal.aborted) throw error;
    }
  }
}

/** Why a failed attempt may be retried, or undefined when it may not. */
function retryReason(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { name, status } = error as { name?: unknown; status?: unknown };
  if (name === 'APIUserAbortError' || isBillingError(error)) return undefined;
  const told = readHeader(headersOf(error), 'x-should-retry');
  if (told === 'false') return undefined;
  if (typeof status === 'number') {
    if (status === 429) return 'rate_limit';
    if (status === 529 || modelErrorType(error) === 'overloaded_error') return 'overloaded';
    if (status === 408) return 'timeout';
    if (status === 409) return 'conflict';
    if (status >= 500) return 'server_error';
    return told === 'true' ? 'server_error' : undefined;
  }
  if (name === 'APIConnectionTimeoutError') return 'timeout';
  if (name === 'APIConnectionError') return 'connection';
  return undefined;
}

function headersOf(error: unknown): HeadersLike | undefined {
  const headers = (error as { headers?: unknown }).headers;
  return typeof headers === 'object' && headers !== null ? (headers as HeadersLike) : undefined;
}

/** The SDKs' backoff: 0.5 s doubling per attempt, at most 8 s (and the cap), less up to 25 % jitter. */
function backoffMs(attempt: number, capMs: number): number {
  const base = Math.min(500 * 2 ** (attempt - 1), 8000, capMs);
  return Math.round(base * (1 - Math.random() * 0.25));
}

/** A wait as people read it: `250 ms`, `30 s` (rounded up). */
function seconds(ms: number): string {
  return ms < 1000 ? `${Math.ceil(ms)} ms` : `${Math.ceil(ms / 1000)} s`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
