import type { QueryResult } from './database.ts';

/** Runs one SQL statement without parameters. */
type RunStatement = (sql: string) => Promise<QueryResult<unknown>>;

/**
 * PostgreSQL's autovacuum thresholds (its defaults): a table is vacuumed once its dead rows pass
 * 50 + 20 % of its live ones, and analyzed once the rows changed since its last analysis pass
 * 50 + 10 %.
 */
const VACUUM: Threshold = { base: 50, scale: 0.2 };
const ANALYZE: Threshold = { base: 50, scale: 0.1 };

/**
 * Log written since the last checkpoint after which upkeep runs one: PostgreSQL's checkpointer would,
 * but PGlite has none.
 */
const CHECKPOINT_AFTER_WAL_BYTES = 64 * 1024 * 1024;

interface Threshold {
  base: number;
  scale: number;
}

interface TableActivity {
  relname: string;
  n_live_tup: number;
  n_dead_tup: number;
  n_mod_since_analyze: number;
}

/**
 * What PostgreSQL's autovacuum daemon does, for PGlite, which has no background workers, one table
 * at a time so the connection is never held up for long: vacuums the table whose updates and deletes
 * left the most dead rows past the threshold, or else analyzes the one that changed the most past
 * its threshold (without statistics the planner picks indexes blindly). Returns the statement it
 * ran, or undefined when no table needed care.
 */
export async function maintainOneTable(run: RunStatement): Promise<string | undefined> {
  // Activity counters reach the statistics once a second at most; the next statement sees them all.
  await run('SELECT pg_stat_force_next_flush()');
  const { rows } = (await run(
    `SELECT relname, n_live_tup::int, n_dead_tup::int, n_mod_since_analyze::int
     FROM pg_stat_user_tables WHERE schemaname = current_schema() ORDER BY relname`,
  )) as QueryResult<TableActivity>;
  const excess = (count: number, { base, scale }: Threshold, live: number) => count / (base + scale * live);
  const byNeed = (measure: (table: TableActivity) => number) =>
    rows
      .map((table) => ({ table, need: measure(table) }))
      .filter(({ need }) => need > 1)
      .sort((a, b) => b.need - a.need)[0]?.table;
  const dead = byNeed((table) => excess(table.n_dead_tup, VACUUM, table.n_live_tup));
  const changed = byNeed((table) => excess(table.n_mod_since_analyze, ANALYZE, table.n_live_tup));
  const table = dead ?? changed;
  if (table === undefined) return undefined;
  const name = `"${table.relname.replaceAll('"', '""')}"`;
  const analyze = excess(table.n_mod_since_analyze, ANALYZE, table.n_live_tup) > 1;
  const statement = dead ? `VACUUM ${analyze ? '(ANALYZE) ' : ''}${name}` : `ANALYZE ${name}`;
  // Statistics from 3,000 sampled rows (PostgreSQL samples 30,000): enough for the gateway's
  // lookups, and quick.
  await run('SET default_statistics_target = 10');
  await run(statement);
  return statement;
}

/**
 * Runs a checkpoint once `afterBytes` of log (64 MB by default, about 8,000 turns) have been written
 * since the last one. PGlite has no checkpointer process, so PostgreSQL would otherwise checkpoint
 * only when `max_wal_size` (1 GB) is reached, inside whatever statement crosses it, writing every
 * dirty page at once (up to its 128 MB of shared buffers) while the log on disk, and the log to
 * replay after a crash, grew to a gigabyte. Returns whether it ran one.
 */
export async function checkpointWhenDue(
  run: RunStatement,
  afterBytes = CHECKPOINT_AFTER_WAL_BYTES,
): Promise<boolean> {
  const { rows } = (await run(
    'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 AS written FROM pg_control_checkpoint()',
  )) as QueryResult<{ written: number }>;
  if (rows[0].written < afterBytes) return false;
  await run('CHECKPOINT');
  return true;
}
