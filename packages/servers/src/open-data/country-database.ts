import { Worker } from 'node:worker_threads';
import { ToolError } from '../tool-result.ts';
import type { QueryRequest, QueryResponse, WorkerStatus } from './database-messages.ts';

/** Options of {@link CountryDatabase.start}. */
export interface CountryDatabaseOptions {
  /** Longest a query may run before it is stopped, in milliseconds (default 5000). */
  timeoutMs?: number;
}

/** Rows returned by a query, as objects keyed by column name. */
export interface QueryRows {
  columns: string[];
  rows: Record<string, unknown>[];
  /** True when the query had more rows than the limit and the rest were dropped. */
  truncated: boolean;
}

/** Plain JSON values: bigint becomes a number when it fits, else a string. */
function toJson(value: unknown): unknown {
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  return value;
}

/** Column names made unique (`name`, `name_2`), so rows can be objects. */
function uniqueColumns(columns: string[]): string[] {
  const seen = new Map<string, number>();
  return columns.map((column) => {
    const count = (seen.get(column) ?? 0) + 1;
    seen.set(column, count);
    return count === 1 ? column : `${column}_${count}`;
  });
}

/**
 * The open-data database: PGlite loaded with `world-countries`, living in a worker thread.
 * Queries run one at a time, read-only, each with a time limit; a query over the limit is
 * stopped by terminating the worker, and a fresh one is started for the next query.
 */
export class CountryDatabase {
  readonly #timeoutMs: number;
  #worker: Worker | undefined;
  #ready: Promise<Worker>;
  #queue: Promise<unknown> = Promise.resolve();
  #nextId = 1;
  #closed = false;

  private constructor(timeoutMs: number) {
    this.#timeoutMs = timeoutMs;
    this.#ready = this.#spawn();
  }

  /** Starts the worker and waits until the data is loaded (a few seconds). */
  static async start(options: CountryDatabaseOptions = {}): Promise<CountryDatabase> {
    const database = new CountryDatabase(options.timeoutMs ?? 5000);
    await database.#ready;
    return database;
  }

  /**
   * Runs one read-only query with `$1…` parameters and returns at most `maxRows` rows. The SQL
   * must already have passed `checkReadOnlySql`. Throws a {@link ToolError} with PostgreSQL's
   * message on a bad query, or when the query runs longer than the time limit.
   */
  query(sql: string, params: unknown[], maxRows: number): Promise<QueryRows> {
    const run = this.#queue.then(() => this.#run(sql, params, maxRows));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Stops the worker. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#queue;
    await this.#worker?.terminate();
    this.#worker = undefined;
  }

  #spawn(): Promise<Worker> {
    const ready = this.#startWorker();
    ready.catch(() => undefined); // reported to the next query, not as an unhandled rejection
    return ready;
  }

  #startWorker(): Promise<Worker> {
    const worker = new Worker(new URL('./database-worker.ts', import.meta.url));
    this.#worker = worker;
    return new Promise<Worker>((resolve, reject) => {
      worker.once('message', (status: WorkerStatus) => {
        if (status.ready) resolve(worker);
        else reject(new Error(`The open-data database failed to load: ${status.message}`));
      });
      // Stays attached: an 'error' event without a listener would crash the process.
      worker.on('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`The open-data database worker exited (code ${code}).`)),
      );
    });
  }

  async #run(sql: string, params: unknown[], maxRows: number): Promise<QueryRows> {
    if (this.#closed) throw new ToolError('The open-data database is closed.');
    const worker = await this.#ready;
    const request: QueryRequest = { id: this.#nextId++, sql, params, maxRows };
    const response = await new Promise<QueryResponse | 'timeout' | Error>((resolve) => {
      const timer = setTimeout(() => {
        done();
        resolve('timeout');
      }, this.#timeoutMs);
      const onMessage = (message: QueryResponse) => {
        if (message.id !== request.id) return;
        done();
        resolve(message);
      };
      const onError = (error: Error) => {
        done();
        resolve(error);
      };
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.postMessage(request);
    });

    if (response === 'timeout' || response instanceof Error) {
      await worker.terminate();
      if (!this.#closed) this.#ready = this.#spawn();
      if (response instanceof Error)
        throw new ToolError(`The database failed while running the query: ${response.message}`);
      throw new ToolError(
        `The query was stopped after ${this.#timeoutMs / 1000} s. Make it cheaper: filter with WHERE, ` +
          'aggregate, and avoid joining tables without a join condition.',
      );
    }
    if (!response.ok) {
      const where = response.error.position ? ` (at character ${response.error.position})` : '';
      const hint = response.error.hint ? ` Hint: ${response.error.hint}` : '';
      throw new ToolError(`SQL error: ${response.error.message}${where}.${hint}`);
    }
    const columns = uniqueColumns(response.columns);
    return {
      columns,
      rows: response.rows.map((row) =>
        Object.fromEntries(columns.map((column, index) => [column, toJson(row[index])])),
      ),
      truncated: response.truncated,
    };
  }
}
