import type { PgliteReply, PgliteRequest } from './pglite-protocol.ts';
import { toPgliteError } from './pglite-protocol.ts';

/** Runs one request on the database; resolves with its result (or nothing), rejects with its error. */
export type RequestHandler = (request: PgliteRequest) => Promise<PgliteReply & { ok: true }>;

/**
 * The order in which PGlite's one connection serves requests: one at a time, first come first
 * served, except that once a transaction has begun only that transaction's requests run until it
 * commits or rolls back (the others wait their turn). Requests arrive without waiting for earlier
 * answers, so the database never sits idle between two statements of different turns.
 */
export class PgliteRequestQueue {
  readonly #handle: RequestHandler;
  readonly #reply: (reply: PgliteReply) => void;
  readonly #waiting: PgliteRequest[] = [];
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

  #next(): void {
    if (this.#busy) return;
    const index = this.#indexOfNext();
    if (index < 0) return;
    const [request] = this.#waiting.splice(index, 1);
    this.#busy = true;
    this.#run(request).finally(() => {
      this.#busy = false;
      this.#next();
    });
  }

  /** The first request that may run now: any, or only the open transaction's. */
  #indexOfNext(): number {
    if (this.#openTransaction === undefined) return this.#waiting.length > 0 ? 0 : -1;
    return this.#waiting.findIndex((request) => 'tx' in request && request.tx === this.#openTransaction);
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
