import type { ElicitResult } from '@modelcontextprotocol/client';
import type { AgentEvent } from '../types/events.ts';
import type { CallServerRequests } from '../types/layers.ts';
import type { LanguageModel } from '../types/model.ts';
import {
  type ElicitationAnswerOutcome,
  ElicitationBroker,
  type ElicitationRequest,
} from './elicitation-broker.ts';
import { SamplingBroker, type SamplingBrokerOptions, type SamplingRequest } from './sampling-broker.ts';

/** How a run answers what servers ask during its tool calls. */
export interface RunInteractionOptions {
  /** How long a person has to answer a form or a link (default 10 minutes; then declined). */
  elicitationTimeoutMs?: number;
  /** Sampling by the run's model (`approval: 'ask'` by default), or `false` to refuse it. */
  sampling?: Pick<SamplingBrokerOptions, 'approval' | 'maxTokens' | 'timeoutMs'> | false;
}

/**
 * The questions servers put to the person during one run, and the completions they ask of its
 * model: each shows as an event of the run and is answered here by id (by the app, or by the
 * gateway for the person's browser). Everything still waiting is cancelled when the run ends.
 */
export class RunInteractions {
  readonly #elicitation: ElicitationBroker;
  readonly #sampling?: SamplingBroker;
  /** A server's log message during one of the run's calls, as a `server_log` event (agent console). */
  readonly #onLog: NonNullable<CallServerRequests['onLog']>;

  constructor(model: LanguageModel, emit: (event: AgentEvent) => void, options: RunInteractionOptions = {}) {
    this.#elicitation = new ElicitationBroker({ emit, timeoutMs: options.elicitationTimeoutMs });
    if (options.sampling !== false) this.#sampling = new SamplingBroker({ model, emit, ...options.sampling });
    this.#onLog = (message, server) =>
      emit({
        type: 'CUSTOM',
        name: 'server_log',
        value: { server, level: message.level, logger: message.logger, data: message.data },
        timestamp: Date.now(),
      });
  }

  /** The answers a tool call of this run offers its server (and where its log messages go). */
  get serverRequests(): CallServerRequests {
    return { elicitation: this.#elicitation.handle, sampling: this.#sampling?.handle, onLog: this.#onLog };
  }

  /** The requests waiting for the person. */
  get pending(): { elicitations: ElicitationRequest[]; samplings: SamplingRequest[] } {
    return { elicitations: this.#elicitation.pending, samplings: this.#sampling?.pending ?? [] };
  }

  /** Answers a form or link request (checked against the form). */
  answerElicitation(requestId: string, result: ElicitResult): ElicitationAnswerOutcome {
    return this.#elicitation.answer(requestId, result);
  }

  /** Approves or refuses a sampling request; false when nothing waits under that id. */
  answerSampling(requestId: string, approved: boolean): boolean {
    return this.#sampling?.answer(requestId, approved) ?? false;
  }

  /** Cancels everything still waiting (the run ended). */
  cancelAll(): void {
    this.#elicitation.cancelAll();
    this.#sampling?.cancelAll();
  }
}
