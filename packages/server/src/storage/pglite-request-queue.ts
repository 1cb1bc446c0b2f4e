import type { PgliteReply, PgliteRequest, PgliteStatement } from './pglite-protocol.ts';
import { toPgliteError } from './pglite-protocol.ts';

/** How the PGlite thread runs what the queue hands it. */
export interface RequestHandlers {
  /** Runs one request; resolves with its result (or nothing), rejects with its error. */
  one(request: PgliteRequest): Promise<PgliteReply & { ok: true }>;
  /**
   * Runs statements in one transaction, in order, and commits it: resolves with their results, or
   * rolls it all back and rejects when any of them (or the commit) fails.
   */
  together(statements: PgliteStatement[]): Promise<Array<PgliteReply & { ok: true }>>;
}

/** A background request waits for a free connection, but never behind more than this many others. */
const MAX_BACKGROUND_DELAY = 1_000;

/** At most this many statements share a transaction (the first of them waits for the last). */
const MAX_GROUP = 64;

/**
 * The order in which PGlite's one connection serves requests: first come first served, except that
 * once a transaction has begun only that transaction's requests run until it commits or rolls back
 * (the others wait their turn). Requests arrive without waiting for earlier answers, so the database
 * never sits idle between two statements of different turns.
 *
 * Statements with parameters that waited together outside any transaction run as one transaction,
 * sent in one exchange (group commit): PostgreSQL then starts, commits and writes its log once for
 * all of them, which under load saved about 40 % of the thread's work. Each is answered only once
 * that transaction has committed, so nothing is acknowledged before it is stored; should any of
 * them fail, the transaction is rolled back and each runs again on its own, so one statement's
 * error never touches another. They share the transaction's clock (`now()`). Statements without parameters are never
 * grouped: a script may hold its own BEGIN or a command that cannot run in a transaction (VACUUM).
 *
 * Background requests (upkeep) run when nothing else waits, or once {@link MAX_BACKGROUND_DELAY}
 * requests have gone before them.
 */
export class PgliteRequestQueue {
  readonly #handlers: RequestHandlers;
  readonly #reply: (reply: PgliteReply) => void;
  readonly #waiting: PgliteRequest[] = [];
  readonly #background: PgliteRequest[] = [];
  #passedBackground = 0;
  #openTransaction: number | undefined;
  #busy = false;

  constructor(handlers: RequestHandlers, reply: (reply: PgliteReply) => void) {
    this.#handlers = handlers;
    this.#reply = reply;
  }

  /** Queues a request; its answer goes to the reply callback once it has run. */
  push(request: PgliteRequest): void {
    this.#waiting.push(request);
    this.#next();
  }

  /** Queues a background request (see the class comment). */
  pushBackground(request: PgliteRequest): void {
    this.#background.push(request);
    this.#next();
  }

  /**
   * Starts the next request once this thread has taken every message that has arrived meanwhile
   * (a message handler runs per message, so deciding at once would never see two waiting).
   */
  #next(): void {
    if (this.#busy) return;
    this.#busy = true;
    setImmediate(() => {
      const request = this.#take();
      if (request === undefined) {
        this.#busy = false;
        return;
      }
      const group = isGroupable(request) ? this.#groupAfter(request) : [];
      const done = group.length > 1 ? this.#runTogether(group) : this.#run(request);
      done.finally(() => {
        this.#busy = false;
        this.#next();
      });
    });
  }

  /** The statement and the groupable ones that wait right behind it. */
  #groupAfter(first: PgliteStatement): PgliteStatement[] {
    const group = [first];
    while (group.length < MAX_GROUP && isGroupable(this.#waiting[0]))
      group.push(this.#waiting.shift() as PgliteStatement);
    return group;
  }

  async #runTogether(statements: PgliteStatement[]): Promise<void> {
    let replies: PgliteReply[];
    try {
      replies = await this.#handlers.together(statements);
    } catch {
      for (const statement of statements) await this.#run(statement);
      return;
    }
    for (const reply of replies) this.#reply(reply);
  }

  /** The request to run now: the open transaction's, else the first waiting, else a background one. */
  #take(): PgliteRequest | undefined {
    if (this.#openTransaction !== undefined) {
      const index = this.#waiting.findIndex(
        (request) => 'tx' in request && request.tx === this.#openTransaction,
      );
      return index < 0 ? undefined : this.#waiting.splice(index, 1)[0];
    }
    const overdue = this.#background.length > 0 && this.#passedBackground >= MAX_BACKGROUND_DELAY;
    if (this.#waiting.length > 0 && !overdue) {
      if (this.#background.length > 0) this.#passedBackground++;
      return this.#waiting.shift();
    }
    this.#passedBackground = 0;
    return this.#background.shift() ?? this.#waiting.shift();
  }

  async #run(request: PgliteRequest): Promise<void> {
    if (request.op === 'begin') this.#openTransaction = request.tx;
    try {
      if ('tx' in request && request.tx !== undefined && request.tx !== this.#openTransaction)
        throw new Error(`transaction ${request.tx} is over: its statements can no longer run`);
      this.#reply(await this.#handlers.one(request));
    } catch (error) {
      if (request.op === 'begin') this.#openTransaction = undefined;
      this.#reply({ id: request.id, ok: false, error: toPgliteError(error) });
    } finally {
      if (request.op === 'commit' || request.op === 'rollback') this.#openTransaction = undefined;
    }
  }
}

/** A statement with parameters outside any transaction: it may share one with others. */
function isGroupable(request: PgliteRequest | undefined): request is PgliteStatement {
  return request?.op === 'run' && request.tx === undefined && request.params.length > 0;
}
