import type { Database, Queryable } from '../../src/index.ts';

/** How the next turn commit fails. */
export type CommitFault =
  /** The database refuses it: nothing is written. */
  | 'refused'
  /** It is written, then the connection drops before its answer arrives. */
  | 'answer_lost';

/** A real database whose next turn commit fails as asked, and that can be taken down and up. */
export interface FaultyDatabase {
  db: Database;
  /** The next turn commit (the statement that stores a turn) fails so. */
  failNextCommit(fault: CommitFault): void;
  /** After the next commit fails, every statement fails until {@link FaultyDatabase.up}. */
  downAfterCommit(): void;
  up(): void;
}

const CONNECTION_LOST = 'Connection terminated unexpectedly';

/**
 * Wraps a real database (PGlite or PostgreSQL): statements run on it, except the faults a test
 * asks for — a turn's commit refused or its answer lost, and the database unreachable after it.
 */
export function faultyDatabase(real: Database): FaultyDatabase {
  let fault: CommitFault | undefined;
  let goDown = false;
  let down = false;
  const run = async <Row>(target: Queryable, sql: string, params?: unknown[]) => {
    if (down) throw new Error(CONNECTION_LOST);
    if (fault && sql.includes('stored_messages AS (')) {
      const now = fault;
      fault = undefined;
      down = goDown;
      if (now === 'refused') throw new Error('the database refused the statement (injected)');
      await target.query<Row>(sql, params);
      throw new Error(CONNECTION_LOST);
    }
    return target.query<Row>(sql, params);
  };
  const db: Database = {
    kind: real.kind,
    ...(real.server ? { server: real.server } : {}),
    query: (sql, params) => run(real, sql, params),
    transaction: async (fn) => {
      if (down) throw new Error(CONNECTION_LOST);
      return real.transaction((tx) => fn({ query: (sql, params) => run(tx, sql, params) }));
    },
    close: () => real.close(),
  };
  return {
    db,
    failNextCommit: (next) => {
      fault = next;
    },
    downAfterCommit: () => {
      goDown = true;
    },
    up: () => {
      down = false;
      goDown = false;
    },
  };
}
