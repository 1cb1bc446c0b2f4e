import type { ApiMessage } from '../messages/api-message.ts';

/** The longest part of an unknown model value an error quotes. */
const QUOTED_LENGTH = 100;

/**
 * A request or a stored conversation names a model the operator does not offer (an id not in the
 * configuration, or a spec such as `openai-compatible:<url>#<model>`, which users cannot choose).
 * The API answers 400 `unknown_model`; the message names the ids that are offered.
 */
export class UnknownModelError extends Error {
  override name = 'UnknownModelError';
  readonly code = 'unknown_model';
  /** The ids a user may pick (`GET /models`), the default first. */
  readonly available: readonly string[];
  /** The message of the turn that named the model, stored (marked `failed`) before the model was looked up. */
  userMessage?: ApiMessage;

  constructor(requested: string, available: readonly string[]) {
    const quoted = requested.length > QUOTED_LENGTH ? `${requested.slice(0, QUOTED_LENGTH)}…` : requested;
    super(
      `model ${JSON.stringify(quoted)} is not offered by this gateway; use one of ${available
        .map((id) => JSON.stringify(id))
        .join(', ')} (GET /models lists them), or null for the default`,
    );
    this.available = available;
  }
}
