/**
 * The vendor's error type or code in what an SDK threw, read by shape (both SDKs): an OpenAI body's
 * `code`, else its `type` (`invalid_api_key`, `string_above_max_length`, `insufficient_quota`, …),
 * an Anthropic body's `error.type` (`authentication_error`, `overloaded_error`, …), else the SDK's
 * error class for its failures without a body (`RateLimitError`, `APIConnectionError`). Undefined
 * for anything else (a cut stream's `TypeError` is no vendor type).
 */
export function modelErrorType(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const shape = error as { name?: unknown; status?: unknown; error?: unknown };
  const body = (typeof shape.error === 'object' && shape.error !== null ? shape.error : {}) as {
    type?: unknown;
    code?: unknown;
    error?: { type?: unknown };
  };
  const type = textOf(body.error?.type) ?? textOf(body.code) ?? textOf(body.type);
  if (type !== undefined && type !== 'error') return type;
  const name = textOf(shape.name);
  const fromSdk = typeof shape.status === 'number' || name?.startsWith('API') === true;
  return fromSdk ? name : undefined;
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
