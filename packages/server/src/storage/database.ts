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
}
