import { type AgentEvent, ElicitationBroker, type McpConnection } from '@switchboard/core';
import type { Logger } from 'pino';
import { CONTROL_CHANNEL, type ControlMessage, type GatewayBus } from '../../coordination/gateway-bus.ts';
import type { Queryable } from '../../storage/database.ts';
import {
  closeDirectCallElicitation,
  dropDirectCallAnswer,
  forwardDirectCallAnswer,
  forwardedDirectCallAnswer,
  recordDirectCallElicitation,
} from '../../store/direct-call-elicitation-store.ts';

/** The answers a direct call offers its server (`McpConnection.callTool`'s `serverRequests`). */
export type DirectCallRequests = NonNullable<
  NonNullable<Parameters<McpConnection['callTool']>[2]>['serverRequests']
>;

/** A person's answer to a form or link (what `ElicitationBroker.answer` takes). */
export type DirectCallAnswer = Parameters<ElicitationBroker['answer']>[1];

/**
 * What answering gave: taken by the call (`forwarded` when the call runs on another replica, which
 * checks the answer against its form), or why not: `unknown_request` (the user has no such
 * request), `request_closed` (answered, timed out or its call ended), `invalid_answer`.
 */
export type DirectCallAnswerOutcome =
  | { ok: true; forwarded: boolean }
  | { ok: false; code: 'unknown_request' | 'request_closed' | 'invalid_answer'; message: string };

/** The requests of one direct call: its broker's handler, and `close` for when the call ends. */
export interface DirectCallRequestSet {
  broker: ElicitationBroker;
  /** Cancels what still waits; resolves once every event has gone out and the records are closed. */
  close(): Promise<void>;
}

/** What {@link DirectCallElicitations} needs from the gateway. */
export interface DirectCallElicitationsOptions {
  db: Queryable;
  bus: GatewayBus;
  logger: Logger;
  /** How long a person has to answer (then the request is declined); default: core's. */
  timeoutMs?: number;
  /** How often answers kept by other replicas are looked for without a notice on the bus (ms). */
  pollMs: number;
}

/**
 * The forms and links servers ask for during direct tool calls (the app's Tools tab, which has no
 * run): each call streams its requests to its caller, who answers them by request id through
 * {@link answer} on any replica. The call runs on one replica, which records each request in the
 * database before showing it; an answer reaching another replica is kept there for it and
 * announced on the bus (`direct-call-answer`), and the call's replica passes it on — or finds it
 * by looking every `pollMs` while requests wait, should the notice be lost.
 */
export class DirectCallElicitations {
  readonly #options: DirectCallElicitationsOptions;
  readonly #waiting = new Map<string, { userId: string; broker: ElicitationBroker }>();
  #listening?: Promise<unknown>;
  #polling?: ReturnType<typeof setInterval>;

  constructor(options: DirectCallElicitationsOptions) {
    this.#options = options;
  }

  /**
   * Opens the requests of one call by `userId`: they go to `emit` (`elicitation_request`, once
   * recorded, and `elicitation_resolved`), in order, and wait for an answer until `close`.
   */
  async open(userId: string, emit: (event: AgentEvent) => void): Promise<DirectCallRequestSet> {
    this.#listening ??= this.#options.bus.subscribe(CONTROL_CHANNEL, (message) => {
      const control = JSON.parse(message) as ControlMessage;
      if (control.type === 'direct-call-answer') void this.#deliverForwarded(control.requestId);
    });
    await this.#listening;
    const ids = new Set<string>();
    let sending = Promise.resolve();
    const broker: ElicitationBroker = new ElicitationBroker({
      ...(this.#options.timeoutMs !== undefined ? { timeoutMs: this.#options.timeoutMs } : {}),
      emit: (event) => {
        sending = sending.then(() => this.#send(userId, broker, ids, event, emit));
      },
    });
    return {
      broker,
      close: async () => {
        broker.cancelAll();
        await sending;
        for (const id of ids) this.#stopWaiting(id);
      },
    };
  }

  /** Answers a request of one of the user's calls, here or on the replica running the call. */
  async answer(
    userId: string,
    requestId: string,
    answer: DirectCallAnswer,
  ): Promise<DirectCallAnswerOutcome> {
    const local = this.#waiting.get(requestId);
    if (local?.userId === userId) {
      const outcome = local.broker.answer(requestId, answer);
      if (outcome.ok) return { ok: true, forwarded: false };
      if (outcome.code === 'invalid_answer') return outcome;
      return closed(requestId);
    }
    const kept = await forwardDirectCallAnswer(this.#options.db, userId, requestId, answer);
    if (kept === 'unknown')
      return {
        ok: false,
        code: 'unknown_request',
        message: `no direct tool call of yours asked for "${requestId}"`,
      };
    if (kept === 'closed') return closed(requestId);
    await this.#options.bus.publish(
      CONTROL_CHANNEL,
      JSON.stringify({ type: 'direct-call-answer', requestId } satisfies ControlMessage),
    );
    return { ok: true, forwarded: true };
  }

  async #send(
    userId: string,
    broker: ElicitationBroker,
    ids: Set<string>,
    event: AgentEvent,
    emit: (event: AgentEvent) => void,
  ): Promise<void> {
    const { db, logger } = this.#options;
    const name = event.type === 'CUSTOM' ? event.name : undefined;
    const { requestId, expiresAt } =
      (event as { value?: { requestId: string; expiresAt: number } }).value ?? {};
    try {
      if (name === 'elicitation_request' && requestId && expiresAt) {
        ids.add(requestId);
        this.#startWaiting(requestId, { userId, broker });
        await recordDirectCallElicitation(db, { requestId, userId, expiresAt });
      }
      if (name === 'elicitation_resolved' && requestId) {
        this.#stopWaiting(requestId);
        await closeDirectCallElicitation(db, requestId);
      }
    } catch (error) {
      logger.warn(
        { err: error, requestId },
        'could not record a direct call request: other replicas cannot answer it',
      );
    }
    emit(event);
  }

  #startWaiting(requestId: string, entry: { userId: string; broker: ElicitationBroker }): void {
    this.#waiting.set(requestId, entry);
    this.#polling ??= setInterval(() => {
      for (const id of this.#waiting.keys()) void this.#deliverForwarded(id);
    }, this.#options.pollMs);
    this.#polling.unref();
  }

  #stopWaiting(requestId: string): void {
    this.#waiting.delete(requestId);
    if (this.#waiting.size > 0 || !this.#polling) return;
    clearInterval(this.#polling);
    this.#polling = undefined;
  }

  /** Passes on the answer another replica kept for a request of a call running here. */
  async #deliverForwarded(requestId: string): Promise<void> {
    const entry = this.#waiting.get(requestId);
    if (!entry) return;
    const { db, logger } = this.#options;
    try {
      const stored = await forwardedDirectCallAnswer(db, requestId);
      if (stored === undefined) return;
      const outcome = entry.broker.answer(requestId, JSON.parse(stored) as DirectCallAnswer);
      if (outcome.ok || outcome.code !== 'invalid_answer') return;
      logger.warn({ requestId, code: outcome.code }, outcome.message);
      await dropDirectCallAnswer(db, requestId, stored);
    } catch (error) {
      logger.warn({ err: error, requestId }, 'could not read a forwarded answer');
    }
  }
}

function closed(requestId: string): DirectCallAnswerOutcome {
  return {
    ok: false,
    code: 'request_closed',
    message: `the request "${requestId}" takes no more answers (it was answered, timed out or its call ended)`,
  };
}
