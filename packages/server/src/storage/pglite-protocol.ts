import type { QueryResult } from './database.ts';

/**
 * What the gateway's thread asks of the PGlite thread. Statements run one at a time in the order
 * they arrive, except that while a transaction is open only its own requests run.
 */
export type PgliteRequest =
  | PgliteStatement
  | { id: number; op: 'begin' | 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'maintain' | 'close' };

/** One SQL statement, in the transaction `tx` or, without one, on its own. */
export interface PgliteStatement {
  id: number;
  op: 'run';
  sql: string;
  params: unknown[];
  tx?: number;
}

/** The id of the requests the PGlite thread makes of itself (table upkeep): nobody waits for their answer. */
export const MAINTENANCE_REQUEST = 0;

/** The PGlite thread's answer to one request. */
export type PgliteReply =
  | { id: number; ok: true; result?: QueryResult<unknown> }
  | { id: number; ok: false; error: PgliteError };

/** The PGlite thread's first message: the database is open, or could not be opened. */
export type PgliteReady = { ready: true } | { ready: false; error: PgliteError };

/** A PostgreSQL error as plain data (errors lose their own fields when sent between threads). */
export interface PgliteError {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
}

/** What the PGlite thread is started with. */
export interface PgliteWorkerData {
  /** The data directory; in memory when unset. */
  dataDir?: string;
}

/** A thrown value as plain data, keeping PostgreSQL's error fields. */
export function toPgliteError(error: unknown): PgliteError {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const { message, code, detail, hint, constraint } = error as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof detail === 'string' ? { detail } : {}),
    ...(typeof hint === 'string' ? { hint } : {}),
    ...(typeof constraint === 'string' ? { constraint } : {}),
  };
}

/** An Error with PostgreSQL's fields (`code`, `detail`…) back on it, as node-postgres reports them. */
export function fromPgliteError(error: PgliteError): Error {
  const { message, ...fields } = error;
  return Object.assign(new Error(message), fields);
}
