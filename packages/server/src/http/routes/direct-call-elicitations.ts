import { type AgentEvent, ElicitationBroker, type McpConnection } from '@switchboard/core';

/** The answers a direct call offers its server (`McpConnection.callTool`'s `serverRequests`). */
export type DirectCallRequests = NonNullable<
  NonNullable<Parameters<McpConnection['callTool']>[2]>['serverRequests']
>;

/** A person's answer to a form or link (what `ElicitationBroker.answer` takes). */
export type DirectCallAnswer = Parameters<ElicitationBroker['answer']>[1];

/** What answering gave: the broker's outcome, or `undefined` when nothing of this user waits under the id. */
export type DirectCallAnswerOutcome = ReturnType<ElicitationBroker['answer']> | undefined;

/**
 * The forms and links servers ask for during direct tool calls (the app's Tools tab, which has no
 * run): each call streams its requests to its caller, who answers them by request id through
 * {@link answer}. Kept in this replica's memory, like the call itself.
 */
export class DirectCallElicitations {
  readonly #waiting = new Map<string, { userId: string; broker: ElicitationBroker }>();
  readonly #timeoutMs?: number;

  /** `timeoutMs`: how long a person has to answer (then the request is declined). */
  constructor(timeoutMs?: number) {
    this.#timeoutMs = timeoutMs;
  }

  /**
   * Opens the requests of one call by `userId`: they go to `emit` (`elicitation_request`,
   * `elicitation_resolved`) and wait for an answer until `close`, which cancels what is left.
   */
  open(userId: string, emit: (event: AgentEvent) => void): { broker: ElicitationBroker; close(): void } {
    const ids = new Set<string>();
    const broker: ElicitationBroker = new ElicitationBroker({
      ...(this.#timeoutMs !== undefined ? { timeoutMs: this.#timeoutMs } : {}),
      emit: (event) => {
        if (event.type === 'CUSTOM' && event.name === 'elicitation_request') {
          const { requestId } = event.value as { requestId: string };
          ids.add(requestId);
          this.#waiting.set(requestId, { userId, broker });
        }
        emit(event);
      },
    });
    return {
      broker,
      close: () => {
        broker.cancelAll();
        for (const id of ids) this.#waiting.delete(id);
      },
    };
  }

  /** Answers a request of one of the user's calls (checked against its form). */
  answer(userId: string, requestId: string, answer: DirectCallAnswer): DirectCallAnswerOutcome {
    const entry = this.#waiting.get(requestId);
    if (!entry || entry.userId !== userId) return undefined;
    return entry.broker.answer(requestId, answer);
  }
}
