import { redactSecrets } from './redact-secrets.ts';

/** The fields the vendor SDKs' error classes carry (read by shape, so both SDKs are covered). */
interface ErrorShape {
  name?: unknown;
  message?: unknown;
  status?: unknown;
  error?: unknown;
  cause?: unknown;
  /** Why the adapter stopped retrying (a `RetriesStoppedError`, a `MidStreamError`): replaces the status's advice. */
  hint?: unknown;
}

/** What a vendor wrote in an error body: Anthropic `{ error: { type, message } }`, OpenAI `{ message, type, code }`. */
interface ErrorBody {
  type?: unknown;
  code?: unknown;
  message?: unknown;
  error?: { type?: unknown; message?: unknown };
}

const HINTS: Record<number, string> = {
  400: 'the request was rejected',
  401: 'check the API key',
  403: 'the API key may not access this model',
  404: 'check the model name and the base URL',
  408: 'the request timed out',
  413: 'the request is too large; shorten the conversation',
  429: 'rate limited, and the retries are used up',
  529: 'the service is overloaded; try again later',
};

/** Advice by the vendor's error type, before the status's (a billing error comes with 429 too). */
const TYPE_HINTS: Record<string, string> = {
  insufficient_quota:
    "the account's quota is used up: check its plan and billing with the vendor (not a rate limit; not retried)",
};

/**
 * Turns whatever a vendor SDK threw into one clear line for a `finish` event, e.g.
 * `Anthropic API error 500 (api_error): Internal server error`. Secrets are removed from the text.
 */
export function describeModelError(
  vendor: string,
  error: unknown,
  secrets: readonly (string | undefined)[],
): string {
  return redactSecrets(describe(vendor, error), secrets);
}

function describe(vendor: string, error: unknown): string {
  if (typeof error !== 'object' || error === null) return `${vendor} request failed: ${String(error)}`;
  const shape = error as ErrorShape;
  const body = (typeof shape.error === 'object' && shape.error !== null ? shape.error : {}) as ErrorBody;
  const status = typeof shape.status === 'number' ? shape.status : undefined;
  const kind = textOf(body.error?.type) ?? textOf(body.code) ?? textOf(body.type);
  const detail = textOf(body.error?.message) ?? textOf(body.message);
  if (status !== undefined || detail !== undefined) {
    const head = `${vendor} API error${status !== undefined ? ` ${status}` : ''}${kind && kind !== 'error' ? ` (${kind})` : ''}`;
    const hint =
      textOf(shape.hint) ??
      (kind !== undefined ? TYPE_HINTS[kind] : undefined) ??
      (status !== undefined ? HINTS[status] : undefined);
    const message = detail ?? stripStatus(textOf(shape.message) ?? 'no details');
    return `${head}: ${message}${hint ? ` — ${hint}` : ''}`;
  }
  const message = textOf(shape.message) ?? String(error);
  const cause = causeChain(shape.cause);
  const hint = textOf(shape.hint);
  const tail = `${cause ? ` (${cause})` : ''}${hint ? ` — ${hint}` : ''}`;
  if (shape.name === 'APIConnectionError' || shape.name === 'APIConnectionTimeoutError') {
    return `${vendor} API unreachable: ${message}${tail}`;
  }
  return `${vendor} stream failed: ${message}${tail}`;
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The SDKs prefix messages with the status code; the caller prints it separately. */
function stripStatus(message: string): string {
  return message.replace(/^\d{3} /, '');
}

function causeChain(cause: unknown): string | undefined {
  const parts: string[] = [];
  let current = cause;
  while (typeof current === 'object' && current !== null && parts.length < 3) {
    const message = textOf((current as ErrorShape).message);
    if (message) parts.push(message);
    current = (current as ErrorShape).cause;
  }
  return parts.length > 0 ? parts.join(': ') : undefined;
}
