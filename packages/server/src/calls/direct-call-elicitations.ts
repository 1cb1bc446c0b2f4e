import { type AgentEvent, ElicitationBroker, type McpConnection } from '@switchboard/core';
import type { PendingQuestions, QuestionAnswerOutcome } from './pending-questions.ts';

/** The answers a direct call offers its server (`McpConnection.callTool`'s `serverRequests`). */
export type DirectCallRequests = NonNullable<
  NonNullable<Parameters<McpConnection['callTool']>[2]>['serverRequests']
>;

/** The call the gateway's approval question is about (what `ElicitationBroker.approve` takes). */
export type ApprovalQuestion = Parameters<ElicitationBroker['approve']>[1];

/** A person's answer to a form or link (what `ElicitationBroker.answer` takes). */
export type DirectCallAnswer = Parameters<ElicitationBroker['answer']>[1];

/** What answering gave (see {@link QuestionAnswerOutcome}). */
export type DirectCallAnswerOutcome = QuestionAnswerOutcome;

/** The requests of one direct call: its broker's handler, and `close` for when the call ends. */
export interface DirectCallRequestSet {
  broker: ElicitationBroker;
  /** Cancels what still waits; resolves once every event has gone out and the records are closed. */
  close(): Promise<void>;
}

/** What {@link DirectCallElicitations} needs from the gateway. */
export interface DirectCallElicitationsOptions {
  /** Records each request, so that an answer on any replica reaches the call. */
  questions: PendingQuestions;
  /** How long a person has to answer (then the request is declined); default: core's. */
  timeoutMs?: number;
}

/**
 * The forms and links servers ask for during direct tool calls (the app's Tools tab, MCP Apps and
 * buttons, which have no run), and the gateway's approval questions: each call streams its requests to its caller, who answers them by request id through
 * {@link answer} on any replica ({@link PendingQuestions} carries an answer to the call's replica).
 */
export class DirectCallElicitations {
  readonly #options: DirectCallElicitationsOptions;

  constructor(options: DirectCallElicitationsOptions) {
    this.#options = options;
  }

  /**
   * Opens the requests of one call by `userId`: they go to `emit` (`elicitation_request`, once
   * recorded, and `elicitation_resolved`), in order, and wait for an answer until `close`.
   */
  async open(userId: string, emit: (event: AgentEvent) => void): Promise<DirectCallRequestSet> {
    let sending = Promise.resolve();
    const broker: ElicitationBroker = new ElicitationBroker({
      ...(this.#options.timeoutMs !== undefined ? { timeoutMs: this.#options.timeoutMs } : {}),
      emit: (event) => {
        sending = sending.then(() => send(event));
      },
    });
    const questions = this.#options.questions.open({ userId }, (requestId, answer) =>
      broker.answer(requestId, answer as DirectCallAnswer),
    );
    const send = async (event: AgentEvent) => {
      const name = event.type === 'CUSTOM' ? event.name : undefined;
      const { requestId, expiresAt } =
        (event as { value?: { requestId: string; expiresAt: number } }).value ?? {};
      if (name === 'elicitation_request' && requestId && expiresAt) await questions.ask(requestId, expiresAt);
      if (name === 'elicitation_resolved' && requestId) await questions.settle(requestId);
      emit(event);
    };
    return {
      broker,
      close: async () => {
        broker.cancelAll();
        await sending;
        await questions.close();
      },
    };
  }

  /** Answers a request of one of the user's calls, here or on the replica running the call. */
  answer(userId: string, requestId: string, answer: DirectCallAnswer): Promise<DirectCallAnswerOutcome> {
    return this.#options.questions.answer({ userId }, requestId, answer);
  }
}
