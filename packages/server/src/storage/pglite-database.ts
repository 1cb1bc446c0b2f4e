import { mkdir } from 'node:fs/promises';
import { Mutex, PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';
import { PgliteSession } from './pglite-session.ts';

/**
 * Opens an embedded PGlite database: in `dataDir` (created when missing) so it survives restarts,
 * or in memory without one. One process may open a data directory at a time. PGlite has one
 * connection: statements and transactions take turns on it.
 */
export async function openPgliteDatabase(options: { dataDir?: string } = {}): Promise<Database> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const db = await PGlite.create(options.dataDir ?? 'memory://');
  const session = new PgliteSession(db);
  const turn = new Mutex();
  const tx: Queryable = { query: (sql, params) => session.run(sql, params) };
  return {
    kind: 'pglite',
    query: (sql, params) =>
      turn.runExclusive(async () => {
        try {
          return await session.run(sql, params);
        } finally {
          await db.syncToFs();
        }
      }),
    transaction: (fn) =>
      turn.runExclusive(async () => {
        await session.run('BEGIN');
        try {
          const value = await fn(tx);
          await session.commit();
          return value;
        } catch (error) {
          await session.run('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          await db.syncToFs();
        }
      }),
    close: () => db.close(),
  };
}
