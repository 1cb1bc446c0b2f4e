import { isBillingError } from './billing-error.ts';
import { MidStreamError } from './mid-stream-error.ts';
import { modelErrorType } from './model-error-type.ts';
import { type HeadersLike, readHeader } from './retry-after.ts';

/** Vendor error types sent in a stream that a later attempt may not meet, by the retry reason they give. */
const RETRYABLE_TYPES: Record<string, string> = {
  overloaded_error: 'overloaded',
  api_error: 'server_error',
  server_error: 'server_error',
  rate_limit_error: 'rate_limit',
  rate_limit_exceeded: 'rate_limit',
  timeout_error: 'timeout',
};

/**
 * Why a failed model call may be retried — `rate_limit`, `overloaded`, `server_error`, `timeout`,
 * `conflict` or `connection` — or undefined when it may not (an invalid request, a bad key, a billing
 * error, an abort, `x-should-retry: false`). Covers the SDKs' HTTP and connection errors before the
 * stream and {@link MidStreamError}s after it began: an error the vendor sent in the stream is
 * judged by its type (or an OpenAI-compatible server's numeric `code`), a cut connection is retried.
 */
export function retryReason(error: unknown): string | undefined {
  if (error instanceof MidStreamError) return midStreamReason(error);
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

/** The headers an SDK error carries, when it has any. */
export function headersOf(error: unknown): HeadersLike | undefined {
  const headers = (error as { headers?: unknown }).headers;
  return typeof headers === 'object' && headers !== null ? (headers as HeadersLike) : undefined;
}

function midStreamReason(error: MidStreamError): string | undefined {
  if (error.error === undefined) return 'connection';
  if (isBillingError(error)) return undefined;
  const type = modelErrorType(error);
  if (type !== undefined && RETRYABLE_TYPES[type]) return RETRYABLE_TYPES[type];
  const code = (error.error as { code?: unknown }).code;
  if (typeof code !== 'number') return undefined;
  if (code === 429) return 'rate_limit';
  if (code === 529) return 'overloaded';
  return code >= 500 ? 'server_error' : undefined;
}
