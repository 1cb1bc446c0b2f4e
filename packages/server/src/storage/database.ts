import type pg from 'pg';

/** The rows and row count of one statement. */
export interface QueryResult<Row> {
  rows: Row[];
  /** Rows inserted, updated, deleted or selected. */
  rowCount: number;
}

/** Runs SQL with `$1, $2…` parameters. Parameters are passed to the driver as they are. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
}

/**
 * The gateway's one query interface over embedded PGlite and a PostgreSQL server: same SQL, same
 * migrations. `transaction` commits when `fn` resolves and rolls back when it throws.
 */
export interface Database extends Queryable {
  /** `pglite` (embedded, the default) or `postgres` (a server, from `DATABASE_URL`). */
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: what a connection of its own (outside the pool) needs, e.g. to LISTEN. */
  readonly server?: PostgresServer;
}

/** The PostgreSQL server a {@link Database} uses. */
export interface PostgresServer {
  /** The schema holding the tables. */
  readonly schema: string;
  /** A new, unconnected client set up like the pool's connections; the caller connects and ends it. */
  newClient(): pg.Client;
}
