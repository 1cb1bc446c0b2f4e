import type { Database } from './database.ts';
import { MIGRATION_LOCK } from './migrate.ts';
import { MIGRATIONS } from './migrations.ts';

/** Where the database's schema stands against the migrations this gateway knows. */
export interface MigrationStatus {
  /** The newest migration recorded in `schema_migrations` (0 when none is). */
  applied: number;
  /** The newest migration this gateway knows. */
  latest: number;
  /** Whether a gateway holds or waits for the migration lock: a migration runs or is about to. */
  running: boolean;
}

/**
 * Reads the schema's migration status in one statement: the newest version applied, and whether
 * anyone holds or waits for the advisory lock `migrate` takes in this database (a 32-bit key: class
 * 0, object the key, sub-object 1). Rejects when the database does not answer.
 */
export async function migrationStatus(db: Database): Promise<MigrationStatus> {
  const { rows } = await db.query<{ applied: number | string; running: boolean }>(
    `SELECT COALESCE((SELECT max(version) FROM schema_migrations), 0) AS applied,
       EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = $1::int8::oid AND objsubid = 1
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS running`,
    [String(MIGRATION_LOCK)],
  );
  const latest = Math.max(...MIGRATIONS.map((migration) => migration.version));
  return { applied: Number(rows[0].applied), latest, running: rows[0].running };
}
