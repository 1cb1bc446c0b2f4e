import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

/** Where the gateway keeps its data. */
export interface DatabaseOptions {
  /** A PostgreSQL connection string; when unset, embedded PGlite is used. */
  url?: string;
  /** PostgreSQL only: the schema holding the tables (default `public`). */
  schema?: string;
  /** PGlite only: the data directory (in memory when unset). */
  dataDir?: string;
  /** PostgreSQL only: pool size. */
  maxConnections?: number;
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite, and brings the schema up to date. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const db = options.url
    ? await openPostgresDatabase({
        url: options.url,
        schema: options.schema,
        maxConnections: options.maxConnections,
      })
    : await openPgliteDatabase({ dataDir: options.dataDir });
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
