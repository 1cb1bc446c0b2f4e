import type { Logger } from 'pino';
import type { Queryable } from '../storage/database.ts';
import type { EndpointCallRecord } from './endpoint-call-record.ts';

/** The most rows one INSERT writes. */
const MAX_BATCH = 200;

/**
 * The `/mcp` audit trail, written behind the calls: a call's row is queued and written at once when
 * the database is free, else with the rows that queued meanwhile in one INSERT — so a call never
 * waits for its row, and a busy endpoint writes in batches. No timers: nothing waits longer than the
 * write before it.
 */
export class AuditTrail {
  readonly #db: Queryable;
  readonly #logger: Logger;
  readonly #queue: EndpointCallRecord[] = [];
  #writing?: Promise<void>;

  constructor(db: Queryable, logger: Logger) {
    this.#db = db;
    this.#logger = logger;
  }

  /** Queues a call's row. */
  record(record: EndpointCallRecord): void {
    this.#queue.push(record);
    this.#writing ??= this.#drain().finally(() => {
      this.#writing = undefined;
    });
  }

  /** Resolves once every queued row is written. */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      try {
        await insertRows(this.#db, batch);
      } catch (error) {
        this.#logger.warn({ err: error, rows: batch.length }, 'could not write the /mcp audit trail');
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
      row.server,
      row.tool,
      row.status,
      Math.round(row.elapsedMs),
      row.error?.slice(0, 2000) ?? null,
    );
    return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6})`;
  });
  await db.query(
    `INSERT INTO mcp_endpoint_calls (user_id, server, tool, status, elapsed_ms, error) VALUES ${values.join(', ')}`,
    params,
  );
}
