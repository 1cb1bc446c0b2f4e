import type { Logger } from 'pino';
import { CONTROL_CHANNEL, type ControlMessage, type GatewayBus } from '../bus/gateway-bus.ts';
import type { Queryable } from '../storage/database.ts';
import {
  closePendingQuestion,
  dropKeptAnswer,
  keepAnswer,
  keptAnswers,
  type QuestionAsker,
  recordPendingQuestion,
} from '../store/pending-question-store.ts';

export type { QuestionAsker } from '../store/pending-question-store.ts';

/** What the asker made of an answer (core's brokers answer this way). */
export type TakenAnswer =
  | { ok: true }
  | { ok: false; code: 'unknown_request' | 'invalid_answer'; message: string };

/**
 * What answering gave: taken (`forwarded` when the asker runs on another replica, which checks the
 * answer), or why not: `unknown_request` (the asker has no such question), `request_closed`
 * (answered, timed out or its turn or call ended), `invalid_answer` (checked here and refused).
 */
export type QuestionAnswerOutcome =
  | { ok: true; forwarded: boolean }
  | { ok: false; code: 'unknown_request' | 'request_closed' | 'invalid_answer'; message: string };

/** The questions of one asker (a turn, a direct call) while it runs. */
export interface QuestionSet {
  /** Records a question before it is shown: from then on an answer on any replica reaches the asker. */
  ask(requestId: string, expiresAt: number): Promise<void>;
  /** The question was answered, timed out or cancelled: it takes no more answers. */
  settle(requestId: string): Promise<void>;
  /** Settles every question still open (the asker ended). */
  close(): Promise<void>;
}

/** What {@link PendingQuestions} needs from the gateway. */
export interface PendingQuestionsOptions {
  db: Queryable;
  bus: GatewayBus;
  logger: Logger;
  /** How often answers kept by other replicas are looked for without a notice on the bus (ms). */
  pollMs: number;
}

interface Waiting {
  asker: QuestionAsker;
  take: (requestId: string, answer: unknown) => TakenAnswer;
}

/**
 * The questions servers put to people — forms, links and sampling approvals, during turns and
 * direct tool calls — answerable on any replica. The asker runs on one replica, which records each
 * question in the database before showing it; an answer reaching another replica is kept there
 * and announced on the bus (`question-answered`), and the asker's replica hands it over — or finds
 * it by looking every `pollMs` while questions wait, should the notice be lost.
 */
export class PendingQuestions {
  readonly #options: PendingQuestionsOptions;
  readonly #waiting = new Map<string, Waiting>();
  /** Questions whose records are being closed. */
  readonly #closing = new Map<string, Promise<void>>();
  #unsubscribe?: () => Promise<void>;
  #polling?: ReturnType<typeof setInterval>;

  constructor(options: PendingQuestionsOptions) {
    this.#options = options;
  }

  /** Listens for answers other replicas announce. */
  async start(): Promise<void> {
    this.#unsubscribe ??= await this.#options.bus.subscribe(CONTROL_CHANNEL, (message) => {
      const control = JSON.parse(message) as ControlMessage;
      if (control.type === 'question-answered') void this.#deliverKept([control.requestId]);
    });
  }

  /** Stops listening and looking (questions still open are their askers' to close). */
  async close(): Promise<void> {
    if (this.#polling) clearInterval(this.#polling);
    this.#polling = undefined;
    await this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  /**
   * Opens the questions of one asker running here: `take` hands an answer to it (checking it), from
   * this replica or another.
   */
  open(asker: QuestionAsker, take: Waiting['take']): QuestionSet {
    const ids = new Set<string>();
    return {
      ask: async (requestId, expiresAt) => {
        ids.add(requestId);
        this.#startWaiting(requestId, { asker, take });
        try {
          await recordPendingQuestion(this.#options.db, { ...asker, requestId, expiresAt });
        } catch (error) {
          this.#options.logger.warn(
            { err: error, requestId },
            "could not record a server's question: other replicas cannot answer it",
          );
        }
      },
      settle: async (requestId) => {
        ids.delete(requestId);
        await this.#settle(requestId);
      },
      close: async () => {
        const open = [...ids];
        ids.clear();
        await Promise.all(open.map((requestId) => this.#settle(requestId)));
      },
    };
  }

  /** Answers a question of the asker's, here or on the replica running it. */
  async answer(asker: QuestionAsker, requestId: string, answer: unknown): Promise<QuestionAnswerOutcome> {
    const local = this.#waiting.get(requestId);
    if (local && sameAsker(local.asker, asker)) {
      const outcome = local.take(requestId, answer);
      if (outcome.ok) {
        await this.#settle(requestId);
        return { ok: true, forwarded: false };
      }
      if (outcome.code === 'invalid_answer') return outcome;
      await this.#settle(requestId);
      return closed(requestId);
    }
    const kept = await keepAnswer(this.#options.db, asker, requestId, answer);
    if (kept === 'unknown')
      return {
        ok: false,
        code: 'unknown_request',
        message: `nothing of yours waits for an answer to "${requestId}"`,
      };
    if (kept === 'closed') return closed(requestId);
    // The answer is kept: without the notice the asker's replica still finds it when it next looks.
    await this.#options.bus
      .publish(
        CONTROL_CHANNEL,
        JSON.stringify({ type: 'question-answered', requestId } satisfies ControlMessage),
      )
      .catch((error: unknown) =>
        this.#options.logger.warn(
          { err: error, requestId },
          'could not announce an answer on the bus: the replica that asked picks it up when it next polls',
        ),
      );
    return { ok: true, forwarded: true };
  }

  #startWaiting(requestId: string, entry: Waiting): void {
    this.#waiting.set(requestId, entry);
    this.#polling ??= setInterval(
      () => void this.#deliverKept([...this.#waiting.keys()]),
      this.#options.pollMs,
    );
    this.#polling.unref();
  }

  /** Stops waiting for a question and closes its record (once; a second call waits for the first). */
  #settle(requestId: string): Promise<void> {
    const closing = this.#closing.get(requestId);
    if (closing) return closing;
    if (!this.#waiting.delete(requestId)) return Promise.resolve();
    if (this.#waiting.size === 0 && this.#polling) {
      clearInterval(this.#polling);
      this.#polling = undefined;
    }
    const closed = closePendingQuestion(this.#options.db, requestId)
      .catch((error: unknown) =>
        this.#options.logger.warn({ err: error, requestId }, "could not close a server's question"),
      )
      .finally(() => this.#closing.delete(requestId));
    this.#closing.set(requestId, closed);
    return closed;
  }

  /** Hands over the answers other replicas kept for questions asked here. */
  async #deliverKept(requestIds: string[]): Promise<void> {
    const asked = requestIds.filter((requestId) => this.#waiting.has(requestId));
    if (asked.length === 0) return;
    const { db, logger } = this.#options;
    try {
      for (const [requestId, stored] of await keptAnswers(db, asked)) {
        const entry = this.#waiting.get(requestId);
        if (!entry) continue;
        const outcome = entry.take(requestId, JSON.parse(stored));
        if (outcome.ok) {
          await this.#settle(requestId);
          continue;
        }
        if (outcome.code !== 'invalid_answer') {
          await this.#settle(requestId);
          continue;
        }
        logger.warn({ requestId, code: outcome.code }, outcome.message);
        await dropKeptAnswer(db, requestId, stored);
      }
    } catch (error) {
      logger.warn({ err: error, requestIds: asked }, 'could not read answers kept by other replicas');
    }
  }
}

function sameAsker(a: QuestionAsker, b: QuestionAsker): boolean {
  return a.userId === b.userId && a.conversationId === b.conversationId;
}

function closed(requestId: string): QuestionAnswerOutcome {
  return {
    ok: false,
    code: 'request_closed',
    message: `the request "${requestId}" takes no more answers (it was answered, timed out or what asked it ended)`,
  };
}
