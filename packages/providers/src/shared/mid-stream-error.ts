import { modelErrorType } from './model-error-type.ts';

/**
 * A model call that failed after its stream began: the vendor sent an error in it (Anthropic's
 * `event: error`, an OpenAI-compatible `data: {"error": …}` chunk), the connection was cut, or the
 * stream ended before its last event. What the call streamed so far is incomplete and must be dropped.
 * It keeps the vendor's error body (`error`), so it is described and typed as the vendor's own error;
 * whether it is retried depends on that type (see `retryReason`): an overloaded or failed server and a
 * cut connection are, an invalid request is not.
 */
export class MidStreamError extends Error {
  override name = 'MidStreamError';
  /** The vendor's error body, when the vendor sent an error in the stream. */
  readonly error: unknown;
  /** Why the call finally failed, when retries were made: replaces the usual advice in the described error. */
  readonly hint: string | undefined;

  constructor(message: string, options: { cause?: unknown; error?: unknown; hint?: string } = {}) {
    super(message, { cause: options.cause });
    this.error = options.error;
    this.hint = options.hint;
  }

  /** The same failure, described with `hint`. */
  withHint(hint: string): MidStreamError {
    return new MidStreamError(this.message, { cause: this.cause, error: this.error, hint });
  }
}

/**
 * Reads a vendor SDK's stream, turning whatever its reading throws into a {@link MidStreamError}: an
 * error the vendor sent in the stream keeps its body; anything else (undici's `terminated` when the
 * socket closes) is a cut connection. An abort ends the SDKs' streams quietly and stays quiet.
 */
export async function* readVendorStream<T>(stream: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = stream[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<T>;
      try {
        next = await iterator.next();
      } catch (error) {
        throw midStreamError(error);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await iterator.return?.();
  }
}

function midStreamError(thrown: unknown): MidStreamError {
  const shape = (typeof thrown === 'object' && thrown !== null ? thrown : {}) as {
    message?: unknown;
    error?: unknown;
  };
  const message = typeof shape.message === 'string' && shape.message ? shape.message : String(thrown);
  if (modelErrorType(thrown) !== undefined && shape.error !== undefined) {
    return new MidStreamError(message, { cause: thrown, error: shape.error });
  }
  return new MidStreamError('the stream broke off', { cause: thrown });
}
