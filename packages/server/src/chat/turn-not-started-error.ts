import type { ApiMessage } from '../messages/api-message.ts';

/**
 * A turn could not start after its conversation was leased: preparing it failed
 * (`turn_setup_failed`) or core's loop ended before its first event (`turn_failed`). The
 * conversation was given back; the code and message also end the run's stream. `userMessage` is
 * the message the turn began with, stored (marked `failed`) before the turn could start.
 */
export class TurnNotStartedError extends Error {
  override name = 'TurnNotStartedError';
  readonly code: 'turn_setup_failed' | 'turn_failed';
  userMessage?: ApiMessage;

  constructor(code: TurnNotStartedError['code'], message: string) {
    super(message);
    this.code = code;
  }
}
