import { modelErrorType } from './model-error-type.ts';

/** Vendor error types that mean the account's quota or billing, not a passing rate limit. */
const BILLING_ERROR_TYPES = new Set(['insufficient_quota']);

/**
 * Whether an SDK error is a billing error: OpenAI's `insufficient_quota`, sent with status 429 like a
 * rate limit but not cured by waiting, so it is never retried nor described as rate limiting.
 */
export function isBillingError(error: unknown): boolean {
  const type = modelErrorType(error);
  return type !== undefined && BILLING_ERROR_TYPES.has(type);
}
