import type { RunInteractions } from '../interaction/run-interactions.ts';
import type { AgentEvent } from '../types/events.ts';
import type { EventChannel } from './event-channel.ts';

/**
 * A running agent loop: await it for the result, or iterate it for the typed event stream
 * (events emitted before iteration starts are kept, so nothing is missed).
 */
export class AgentRun<Result> implements PromiseLike<Result>, AsyncIterable<AgentEvent> {
  readonly result: Promise<Result>;
  /** What servers ask of the person and the model while the run's tools run: answer it here. */
  readonly interactions: RunInteractions;
  readonly #events: EventChannel<AgentEvent>;

  constructor(result: Promise<Result>, events: EventChannel<AgentEvent>, interactions: RunInteractions) {
    this.result = result;
    this.#events = events;
    this.interactions = interactions;
  }

  // biome-ignore lint/suspicious/noThenProperty: a run is deliberately awaitable (PromiseLike).
  then<A = Result, B = never>(
    onFulfilled?: ((value: Result) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.result.then(onFulfilled, onRejected);
  }

  [Symbol.asyncIterator](): AsyncIterator<AgentEvent> {
    return this.#events[Symbol.asyncIterator]();
  }
}
