import { mkdir } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { Database, Queryable, QueryResult } from './database.ts';
import {
  fromPgliteError,
  type PgliteReady,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
} from './pglite-protocol.ts';

/** A request without its id (the client numbers them). */
type Outgoing = WithoutId<PgliteRequest>;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/**
 * Opens an embedded PGlite database: in `dataDir` (created when missing) so it survives restarts,
 * or in memory without one. One process may open a data directory at a time.
 *
 * PGlite runs on a thread of its own (PostgreSQL compiled to WebAssembly works synchronously, and a
 * statement in the gateway's thread would hold up every request and stream meanwhile). It has one
 * connection: statements take turns on it in the order they are sent, and a transaction has it to
 * itself until it ends.
 */
export async function openPgliteDatabase(options: { dataDir?: string } = {}): Promise<Database> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
    workerData: { dataDir: options.dataDir } satisfies PgliteWorkerData,
  });
  const client = new PgliteThreadClient(worker);
  await client.ready;
  let transactions = 0;
  return {
    kind: 'pglite',
    query: (sql, params) =>
      client.send({ op: 'run', sql, params: params ?? [] }) as Promise<QueryResult<never>>,
    async transaction(fn) {
      const tx = ++transactions;
      await client.send({ op: 'begin', tx });
      const queryable: Queryable = {
        query: (sql, params) =>
          client.send({ op: 'run', sql, params: params ?? [], tx }) as Promise<QueryResult<never>>,
      };
      try {
        const value = await fn(queryable);
        await client.send({ op: 'commit', tx });
        return value;
      } catch (error) {
        await client.send({ op: 'rollback', tx }).catch(() => undefined);
        throw error;
      }
    },
    close: () => client.close(),
  };
}

/**
 * The gateway's side of the PGlite thread: numbers requests, matches answers to them, and fails
 * every waiting request with a clear error should the thread stop. The thread keeps the process
 * alive only while requests are waiting.
 */
class PgliteThreadClient {
  readonly ready: Promise<void>;
  readonly #worker: Worker;
  readonly #waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  #stopped: Error | undefined;

  constructor(worker: Worker) {
    this.#worker = worker;
    this.ready = new Promise((resolve, reject) => {
      worker.once('message', (first: PgliteReady) => {
        if (first.ready) {
          worker.on('message', (reply: PgliteReply) => this.#answer(reply));
          worker.unref();
          resolve();
        } else {
          reject(
            fromPgliteError({
              ...first.error,
              message: `the embedded database could not open: ${first.error.message}`,
            }),
          );
          void worker.terminate();
        }
      });
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`the embedded database could not start (exit code ${code})`)),
      );
    });
    worker.on('error', (error) => this.#stop(new Error(`the embedded database stopped: ${error.message}`)));
    worker.on('exit', (code) => this.#stop(new Error(`the embedded database stopped (exit code ${code})`)));
  }

  /** Sends a request; resolves with its result. */
  send(request: Outgoing): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#waiting.size === 0) this.#worker.ref();
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  /** Closes the database once the requests sent before have run, then ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.send({ op: 'close' });
    this.#stop(new Error('the embedded database is closed'));
    await this.#worker.terminate();
  }

  #answer(reply: PgliteReply): void {
    const waiting = this.#waiting.get(reply.id);
    if (!waiting) return;
    this.#waiting.delete(reply.id);
    if (this.#waiting.size === 0) this.#worker.unref();
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(fromPgliteError(reply.error));
  }

  #stop(reason: Error): void {
    this.#stopped ??= reason;
    for (const waiting of this.#waiting.values()) waiting.reject(reason);
    this.#waiting.clear();
  }
}
