import type { ModelStreamEvent } from '@switchboard/core';
import { MidStreamError } from './mid-stream-error.ts';
import { modelErrorType } from './model-error-type.ts';
import { RetriesStoppedError } from './retries-stopped-error.ts';
import { retryAfterMs } from './retry-after.ts';
import type { RetryPolicy } from './retry-policy.ts';
import { headersOf, retryReason } from './retry-reason.ts';

/** How to run one model call. */
export interface StreamWithRetriesOptions {
  /** Named in errors, e.g. `OpenAI`. */
  vendor: string;
  signal: AbortSignal;
  policy: RetryPolicy;
}

/**
 * Runs a model call (the SDK's own retries turned off) as attempts: each `attempt` opens the request and
 * streams it, throwing when it fails. A failure the vendor may not repeat — 408, 409, 429, 5xx and
 * connection errors before the stream (unless `x-should-retry: false` or a billing error), and after
 * it began an overloaded or failed server or a cut connection ({@link MidStreamError}) — is retried
 * after the wait the vendor asked for (`retry-after-ms`, `retry-after`) or an exponential backoff. Each
 * wait is announced first with a `retry` event, which also voids whatever the failed attempt streamed:
 * the next attempt starts the reply again. A wait over the policy's cap or budget is not made: the
 * call fails at once naming the wait. Returns what the successful attempt returned.
 */
export async function* streamWithRetries<T>(
  attempt: () => AsyncGenerator<ModelStreamEvent, T>,
  options: StreamWithRetriesOptions,
): AsyncGenerator<ModelStreamEvent, T> {
  const { vendor, signal, policy } = options;
  let waited = 0;
  for (let number = 1; ; number++) {
    try {
      return yield* attempt();
    } catch (error) {
      const reason = retryReason(error);
      if (reason === undefined || signal.aborted) throw error;
      const asked = retryAfterMs(headersOf(error));
      const limited = reason === 'rate_limit' ? 'rate limited: ' : '';
      if (number > policy.maxRetries) {
        const retries = `${policy.maxRetries} ${policy.maxRetries === 1 ? 'retry' : 'retries'}`;
        if (error instanceof MidStreamError && policy.maxRetries > 0) {
          throw error.withHint(`the reply broke off mid-stream, still after ${retries}; try again later`);
        }
        if (asked === undefined || reason !== 'rate_limit') throw error;
        throw stopped(
          error,
          `rate limited: still refused after ${retries}; ${vendor} asks to wait ${seconds(asked)} more`,
        );
      }
      if (asked !== undefined && asked > policy.maxWaitMs) {
        throw stopped(
          error,
          `${limited}${vendor} asks to wait ${seconds(asked)}, longer than the ${seconds(policy.maxWaitMs)} a request waits; try again in ${seconds(asked)}`,
        );
      }
      const waitMs = asked ?? backoffMs(number, policy.maxWaitMs);
      if (waited + waitMs > policy.budgetMs) {
        throw stopped(
          error,
          `${limited}${asked === undefined ? 'the next wait of' : `${vendor} asks to wait another`} ${seconds(waitMs)}, beyond the ${seconds(policy.budgetMs)} retry budget after ${seconds(waited)} of waiting; try again in ${seconds(waitMs)}`,
        );
      }
      const errorType = modelErrorType(error);
      yield { type: 'retry', attempt: number, waitMs, reason, ...(errorType ? { errorType } : {}) };
      await sleep(waitMs, signal);
      waited += waitMs;
      if (signal.aborted) throw error;
    }
  }
}

/** The error a call ends with when it stops retrying early, saying why in `hint`. */
function stopped(error: unknown, hint: string): Error {
  return error instanceof MidStreamError ? error.withHint(hint) : new RetriesStoppedError(error, hint);
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
