import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database, QueryResult } from './database.ts';

/**
 * Opens an embedded PGlite database: in `dataDir` (created when missing) so it survives restarts,
 * or in memory without one. One process may open a data directory at a time.
 */
export async function openPgliteDatabase(options: { dataDir?: string } = {}): Promise<Database> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const db = await PGlite.create(options.dataDir ?? 'memory://');
  const run = async <Row>(
    target: Pick<PGlite, 'query'>,
    sql: string,
    params?: unknown[],
  ): Promise<QueryResult<Row>> => {
    const result = await target.query<Row>(sql, params);
    return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
  };
  return {
    kind: 'pglite',
    query: (sql, params) => run(db, sql, params),
    transaction: (fn) => db.transaction((tx) => fn({ query: (sql, params) => run(tx, sql, params) })),
    close: () => db.close(),
  };
}
