import type { PgliteReply, PgliteRequest } from './pglite-protocol.ts';
import { toPgliteError } from './pglite-protocol.ts';

/** Runs one request on the database; resolves with its result (or nothing), rejects with its error. */
export type RequestHandler = (request: PgliteRequest) => Promise<PgliteReply & { ok: true }>;

/** A background request waits for a free connection, but never behind more than this many others. */
const MAX_BACKGROUND_DELAY = 1_000;

/**
 * The order in which PGlite's one connection serves requests: one at a time, first come first
 * served, except that once a transaction has begun only that transaction's requests run until it
 * commits or rolls back (the others wait their turn). Requests arrive without waiting for earlier
 * answers, so the database never sits idle between two statements of different turns. Background
 * requests (upkeep) run when nothing else waits, or once {@link MAX_BACKGROUND_DELAY} requests
 * have gone before them.
 */
export class PgliteRequestQueue {
  readonly #handle: RequestHandler;
  readonly #reply: (reply: PgliteReply) => void;
  readonly #waiting: PgliteRequest[] = [];
  readonly #background: PgliteRequest[] = [];
  #passedBackground = 0;
  #openTransaction: number | undefined;
  #busy = false;

  constructor(handle: RequestHandler, reply: (reply: PgliteReply) => void) {
    this.#handle = handle;
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

  #next(): void {
    if (this.#busy) return;
    const request = this.#take();
    if (request === undefined) return;
    this.#busy = true;
    this.#run(request).finally(() => {
      this.#busy = false;
      this.#next();
    });
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
      this.#reply(await this.#handle(request));
    } catch (error) {
      if (request.op === 'begin') this.#openTransaction = undefined;
      this.#reply({ id: request.id, ok: false, error: toPgliteError(error) });
    } finally {
      if (request.op === 'commit' || request.op === 'rollback') this.#openTransaction = undefined;
    }
  }
}
