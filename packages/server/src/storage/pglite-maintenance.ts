import type { QueryResult } from './database.ts';

/** Runs one SQL statement without parameters. */
type RunStatement = (sql: string) => Promise<QueryResult<unknown>>;

/**
 * PostgreSQL's autovacuum thresholds (its defaults): a table is vacuumed once its dead rows pass
 * 50 + 20 % of its live ones, and analyzed once the rows changed since its last analysis pass
 * 50 + 10 %.
 */
const VACUUM = { base: 50, scale: 0.2 } as const;
const ANALYZE = { base: 50, scale: 0.1 } as const;

interface TableActivity {
  relname: string;
  n_live_tup: number;
  n_dead_tup: number;
  n_mod_since_analyze: number;
}

/**
 * What PostgreSQL's autovacuum daemon does, for PGlite, which has no background workers: vacuums the
 * tables whose updates and deletes left enough dead rows behind, and analyzes those that changed
 * enough for the planner's statistics to be stale (without statistics it picks indexes blindly).
 * Returns the vacuum and analyze statements it ran.
 */
export async function maintainTables(run: RunStatement): Promise<string[]> {
  // Activity counters reach the statistics once a second at most; the next statement sees them all.
  await run('SELECT pg_stat_force_next_flush()');
  const { rows } = (await run(
    `SELECT relname, n_live_tup::int, n_dead_tup::int, n_mod_since_analyze::int
     FROM pg_stat_user_tables WHERE schemaname = current_schema() ORDER BY relname`,
  )) as QueryResult<TableActivity>;
  const statements: string[] = [];
  for (const table of rows) {
    const vacuum = table.n_dead_tup > VACUUM.base + VACUUM.scale * table.n_live_tup;
    const analyze = table.n_mod_since_analyze > ANALYZE.base + ANALYZE.scale * table.n_live_tup;
    const name = `"${table.relname.replaceAll('"', '""')}"`;
    if (vacuum) statements.push(`VACUUM ${analyze ? '(ANALYZE) ' : ''}${name}`);
    else if (analyze) statements.push(`ANALYZE ${name}`);
  }
  if (statements.length === 0) return statements;
  // Statistics from 3,000 sampled rows a table (PostgreSQL samples 30,000): enough for the
  // gateway's lookups, and the connection is not held up for long.
  await run('SET default_statistics_target = 10');
  for (const statement of statements) await run(statement);
  return statements;
}
