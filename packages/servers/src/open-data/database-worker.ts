/**
 * Worker thread owning the open-data PGlite database. It loads the `world-countries` data set,
 * then answers read-only queries one at a time. Running in a worker lets the main thread stop a
 * runaway query by terminating the thread (PGlite ignores statement_timeout).
 */
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { Country } from 'world-countries';
import countries from 'world-countries/countries.json' with { type: 'json' };
import { countryRows } from './country-rows.ts';
import {
  CURSOR_PREFIX,
  type QueryFailure,
  type QueryRequest,
  type QueryResponse,
  type WorkerStatus,
} from './database-messages.ts';
import { createTablesSql, TABLES } from './database-schema.ts';
import { readSnapshot, snapshotFile, writeSnapshot } from './database-snapshot.ts';

/** The role queries run as: it may only read the data tables. */
const READER_ROLE = 'open_data_reader';

/** One statement of the load, with its parameters. */
interface LoadStep {
  sql: string;
  params?: unknown[];
}

/** Everything a load puts in the database, in order: tables, rows, the reader's grants. */
function loadSteps(): LoadStep[] {
  const rows = countryRows(countries as unknown as Country[]);
  return [
    { sql: createTablesSql() },
    ...TABLES.map((table) => ({
      sql: `INSERT INTO ${table.name} SELECT * FROM json_populate_recordset(NULL::${table.name}, $1::json)`,
      params: [JSON.stringify(rows[table.name as keyof typeof rows])],
    })),
    {
      sql:
        `CREATE ROLE ${READER_ROLE} NOLOGIN; ` +
        `GRANT SELECT ON ${TABLES.map((table) => table.name).join(', ')} TO ${READER_ROLE};`,
    },
  ];
}

/**
 * The loaded database: from the snapshot an earlier start kept (under a second, where loading the
 * data set into a new cluster takes several seconds of CPU), else loaded afresh and kept for the
 * next start — and for this server's own restarts after a runaway query.
 */
async function openDatabase(): Promise<PGlite> {
  const steps = loadSteps();
  const file = snapshotFile(JSON.stringify(steps));
  const snapshot = await readSnapshot(file);
  if (snapshot) {
    const loaded = await PGlite.create({ loadDataDir: snapshot }).catch(() => undefined);
    if (loaded) return loaded;
  }
  const db = await PGlite.create();
  for (const { sql, params } of steps) {
    if (params) await db.query(sql, params);
    else await db.exec(sql);
  }
  await writeSnapshot(db, file);
  return db;
}

function failure(error: unknown): QueryFailure {
  const pgError = error as { message?: string; hint?: string; position?: string };
  const result: QueryFailure = { message: pgError.message ?? String(error) };
  if (pgError.hint) result.hint = pgError.hint;
  const position = Number(pgError.position);
  if (position > CURSOR_PREFIX.length) result.position = position - CURSOR_PREFIX.length;
  return result;
}

async function runQuery(db: PGlite, request: QueryRequest): Promise<QueryResponse> {
  try {
    await db.exec(`BEGIN READ ONLY; SET LOCAL ROLE ${READER_ROLE};`);
    await db.query(CURSOR_PREFIX + request.sql, request.params);
    const fetched = await db.query<unknown[]>(`FETCH ${request.maxRows + 1} FROM query_rows`, [], {
      rowMode: 'array',
    });
    const truncated = fetched.rows.length > request.maxRows;
    return {
      id: request.id,
      ok: true,
      columns: fetched.fields.map((field) => field.name),
      rows: truncated ? fetched.rows.slice(0, request.maxRows) : fetched.rows,
      truncated,
    };
  } catch (error) {
    return { id: request.id, ok: false, error: failure(error) };
  } finally {
    await db.exec('ROLLBACK');
  }
}

const port = parentPort;
if (!port) throw new Error('database-worker.ts must run as a worker thread');

try {
  const db = await openDatabase();
  let queue = Promise.resolve();
  port.on('message', (request: QueryRequest) => {
    queue = queue.then(async () => port.postMessage(await runQuery(db, request)));
  });
  port.postMessage({ ready: true } satisfies WorkerStatus);
} catch (error) {
  port.postMessage({ ready: false, message: (error as Error).message } satisfies WorkerStatus);
}
