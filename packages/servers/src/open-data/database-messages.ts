/** A read-only query sent to the database worker. */
export interface QueryRequest {
  id: number;
  sql: string;
  params: unknown[];
  /** Rows to fetch at most; one more is fetched to detect truncation. */
  maxRows: number;
}

/** The error of a failed query, as PostgreSQL reported it. */
export interface QueryFailure {
  message: string;
  hint?: string;
  /** 1-based character offset of the error in the submitted SQL. */
  position?: number;
}

/** What the worker answers to a {@link QueryRequest}. */
export type QueryResponse =
  | { id: number; ok: true; columns: string[]; rows: unknown[][]; truncated: boolean }
  | { id: number; ok: false; error: QueryFailure };

/** What the worker posts once, after start-up. */
export type WorkerStatus = { ready: true } | { ready: false; message: string };

/** The text prepended to every query: it runs as a cursor so at most `maxRows + 1` rows are read. */
export const CURSOR_PREFIX = 'DECLARE query_rows NO SCROLL CURSOR FOR ';
