/**
 * A turn could not start after its conversation was leased: preparing it failed
 * (`turn_setup_failed`) or core's loop ended before its first event (`turn_failed`). The
 * conversation was given back; the code and message also end the run's stream.
 */
export class TurnNotStartedError extends Error {
  override name = 'TurnNotStartedError';
  readonly code: 'turn_setup_failed' | 'turn_failed';

  constructor(code: TurnNotStartedError['code'], message: string) {
    super(message);
    this.code = code;
  }
}
