import type { Logger } from 'pino';
import type { Queryable } from '../storage/database.ts';
import type { EndpointCallRecord } from './endpoint-call-record.ts';

/** How the audit trail batches its rows. */
export interface AuditTrailOptions {
  /** The most rows one INSERT writes; this many queued rows are written at once (default 200). */
  batchRows?: number;
  /** How long a row waits for others before its batch is written (ms, default 100). */
  flushMs?: number;
  /** The most rows held before a call waits for a write to make room (default 10,000). */
  maxRows?: number;
}

/**
 * The audit trail of users' tool calls (chat turns, `/mcp`, direct calls; table
 * `mcp_endpoint_calls`, its `via` column naming the path), written behind the calls in batches: a call's row is queued and written
 * with the rows that join it within `flushMs`, or at once when `batchRows` are queued, in one INSERT
 * (with embedded PGlite, an INSERT per call cost more than the proxying). The buffer is bounded: at
 * `maxRows` a call waits for a write before it answers. {@link flush} writes every queued row now;
 * the gateway awaits it when it closes, so a graceful stop loses no row.
 */
export class AuditTrail {
  readonly #db: Queryable;
  readonly #logger: Logger;
  readonly #batchRows: number;
  readonly #flushMs: number;
  readonly #maxRows: number;
  readonly #queue: EndpointCallRecord[] = [];
  #timer?: ReturnType<typeof setTimeout>;
  #writing?: Promise<void>;

  constructor(db: Queryable, logger: Logger, options: AuditTrailOptions = {}) {
    this.#db = db;
    this.#logger = logger;
    this.#batchRows = options.batchRows ?? 200;
    this.#flushMs = options.flushMs ?? 100;
    this.#maxRows = options.maxRows ?? 10_000;
  }

  /** Queues a call's row; resolves at once, or once a write made room when the buffer is full. */
  async record(record: EndpointCallRecord): Promise<void> {
    this.#queue.push(record);
    if (this.#queue.length >= this.#batchRows) this.#write();
    else this.#schedule();
    while (this.#queue.length >= this.#maxRows) {
      this.#write();
      await this.#writing;
    }
  }

  /** Writes every queued row now; resolves once they are written. */
  async flush(): Promise<void> {
    while (this.#queue.length > 0 || this.#writing) {
      this.#write();
      await this.#writing;
    }
  }

  #schedule(): void {
    this.#timer ??= setTimeout(() => this.#write(), this.#flushMs);
    this.#timer.unref?.();
  }

  #write(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#writing ??= this.#drain().finally(() => {
      this.#writing = undefined;
      if (this.#queue.length > 0) this.#schedule();
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#batchRows);
      try {
        await insertRows(this.#db, batch);
      } catch (error) {
        this.#logger.warn(
          { err: error, rows: batch.length },
          'could not write the audit trail of tool calls',
        );
      }
    }
  }
}

async function insertRows(db: Queryable, rows: readonly EndpointCallRecord[]): Promise<void> {
  const params: unknown[] = [];
  const values = rows.map((row) => {
    const at = params.length;
    params.push(
      row.userId,
      row.via,
      row.server,
      row.tool,
      row.status,
      Math.round(row.elapsedMs),
      row.error?.slice(0, 2000) ?? null,
    );
    return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}, $${at + 7})`;
  });
  await db.query(
    `INSERT INTO mcp_endpoint_calls (user_id, via, server, tool, status, elapsed_ms, error) VALUES ${values.join(', ')}`,
    params,
  );
}
