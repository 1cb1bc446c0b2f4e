import { type AgentEvent, ElicitationBroker } from '@switchboard/core';

/** A person's answer to a form or link (what `ElicitationBroker.answer` takes). */
type DirectCallAnswer = Parameters<ElicitationBroker['answer']>[1];

/** One direct call's forms and links: its broker's handler, and `close` to cancel what is left when the call ends. */
export interface DirectCallScope {
  /** The connection handler for the call's `serverRequests.elicitation`. */
  readonly elicitation: ElicitationBroker['handle'];
  close(): void;
}

/**
 * Standalone mode: the forms and links servers ask for during direct tool calls (the Tools tab, which
 * has no run). Each call opens a scope whose requests go to `emit` (`elicitation_request`,
 * `elicitation_resolved`, shown by the chat as the turn's are); the person's answer comes back by
 * request id through {@link answer}.
 */
export class DirectCallElicitations {
  readonly #waiting = new Map<string, ElicitationBroker>();

  /** Opens the requests of one call; they reach `emit` and wait for an answer until the scope is closed. */
  open(emit: (event: AgentEvent) => void): DirectCallScope {
    const ids = new Set<string>();
    const broker: ElicitationBroker = new ElicitationBroker({
      emit: (event) => {
        if (event.type === 'CUSTOM' && event.name === 'elicitation_request') {
          const { requestId } = event.value as { requestId: string };
          ids.add(requestId);
          this.#waiting.set(requestId, broker);
        }
        emit(event);
      },
    });
    return {
      elicitation: broker.handle,
      close: () => {
        broker.cancelAll();
        for (const id of ids) this.#waiting.delete(id);
      },
    };
  }

  /** Answers a request of a direct call; `undefined` when no direct call waits under that id (it may be a turn's). */
  answer(requestId: string, answer: DirectCallAnswer): ReturnType<ElicitationBroker['answer']> | undefined {
    return this.#waiting.get(requestId)?.answer(requestId, answer);
  }
}
