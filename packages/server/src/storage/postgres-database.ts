import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database.ts';
import { postgresText } from './postgres-text.ts';
import { StatementNames } from './statement-name.ts';

/** Options of {@link openPostgresDatabase}. */
export interface PostgresOptions {
  /** A `postgres://` connection string (`DATABASE_URL`). */
  url: string;
  /** A schema to keep every table in (created when missing); default `public`. Used to isolate test runs. */
  schema?: string;
  /** Pool size (default 10). */
  maxConnections?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** int8 columns (sequences, counters) parsed as numbers, as PGlite returns them. */
function bigintsAsNumbers(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
  return types;
}

/**
 * Opens a pool of connections to a PostgreSQL server. Statements with parameters are named prepared
 * statements, parsed and planned once per connection.
 */
export async function openPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const schema = options.schema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(
      `database schema "${schema}" must be lowercase letters, digits and _ (at most 63 characters)`,
    );
  }
  const connection: pg.ClientConfig = {
    connectionString: options.url,
    types: bigintsAsNumbers(),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  };
  const pool = new pg.Pool({ ...connection, max: options.maxConnections ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const names = new StatementNames();
  const run = async <Row>(
    client: pg.Pool | pg.PoolClient,
    sql: string,
    params?: unknown[],
  ): Promise<QueryResult<Row>> => {
    const result = await client.query({ name: names.of(sql), text: sql, values: params?.map(postgresText) });
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
  };
  if (schema) await createSchema(pool, schema);
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      const tx: Queryable = { query: (sql, params) => run(client, sql, params) };
      try {
        await client.query('BEGIN');
        const value = await fn(tx);
        const committed = await client.query('COMMIT');
        if (committed.command === 'ROLLBACK')
          throw new Error('the transaction was rolled back: a statement in it failed');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    server: { schema: schema ?? 'public', newClient: () => new pg.Client(connection) },
  };
}

/**
 * `CREATE SCHEMA IF NOT EXISTS` races when replicas start together (PostgreSQL then reports a unique
 * violation on pg_namespace): the schema exists either way, so that error means success.
 */
async function createSchema(pool: pg.Pool, schema: string): Promise<void> {
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw error;
  }
}
