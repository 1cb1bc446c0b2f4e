import type { FakeJsonReply } from './fake-model-server.ts';
import { anthropicError, openaiError } from './wire-streams.ts';

/** How a 429 says how long to wait: `retry-after` in seconds or as an HTTP date, or OpenAI's `retry-after-ms`. */
export type RetryAfter = { seconds: number } | { date: Date } | { ms: number };

/**
 * A vendor's 429 asking for one form of wait, with its real body (`rate_limit_error` for Anthropic,
 * `rate_limit_exceeded` for OpenAI), e.g. `rateLimitedFor('openai', { date: inAMinute })`.
 */
export function rateLimitedFor(vendor: 'anthropic' | 'openai', retryAfter: RetryAfter): FakeJsonReply {
  const headers: Record<string, string> =
    'seconds' in retryAfter
      ? { 'retry-after': String(retryAfter.seconds) }
      : 'date' in retryAfter
        ? { 'retry-after': retryAfter.date.toUTCString() }
        : { 'retry-after-ms': String(retryAfter.ms) };
  return vendor === 'anthropic'
    ? anthropicError(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit.', headers)
    : openaiError(429, 'Rate limit reached for requests', 'requests', headers, 'rate_limit_exceeded');
}

/** OpenAI's billing error: status 429 like a rate limit, but type and code `insufficient_quota`. */
export function insufficientQuota(): FakeJsonReply {
  return openaiError(
    429,
    'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
    'insufficient_quota',
    undefined,
    'insufficient_quota',
  );
}
