/**
 * The error an adapter ends with when it stops retrying before its retries are used up (the vendor
 * asks for a longer wait than it will make). It keeps the vendor's status, body and name, so the
 * error is described and typed as the vendor's own, and adds `hint`, which says why and for how long.
 */
export class RetriesStoppedError extends Error {
  readonly status: unknown;
  readonly error: unknown;
  /** Replaces the status's usual advice in the described error. */
  readonly hint: string;

  constructor(cause: unknown, hint: string) {
    const shape = (typeof cause === 'object' && cause !== null ? cause : {}) as Record<string, unknown>;
    super(typeof shape.message === 'string' ? shape.message : String(cause), { cause });
    this.name = typeof shape.name === 'string' ? shape.name : 'Error';
    this.status = shape.status;
    this.error = shape.error;
    this.hint = hint;
  }
}
