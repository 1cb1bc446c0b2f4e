import type { Database, Queryable } from '../storage/database.ts';

/**
 * Locks on users' OAuth credentials for a server, one per user and server: taken in turn within
 * this process, and on PostgreSQL across replicas too (a transaction-scoped advisory lock). PGlite
 * serves one process, so the turn within it is enough there.
 */
export class CredentialLocks {
  readonly #db: Database;
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Runs `fn` holding the lock on the user's credentials for the server. `fn` reads and writes
   * through the queryable it gets: it sees what the previous holder stored, and what it stores is
   * committed before the next holder runs.
   */
  async hold<T>(userId: string, serverId: string, fn: (db: Queryable) => Promise<T>): Promise<T> {
    const key = `server-credentials:${userId}:${serverId}`;
    const previous = this.#queues.get(key) ?? Promise.resolve();
    const turn = previous.catch(() => undefined).then(() => this.#locked(key, fn));
    this.#queues.set(key, turn);
    try {
      return await turn;
    } finally {
      if (this.#queues.get(key) === turn) this.#queues.delete(key);
    }
  }

  #locked<T>(key: string, fn: (db: Queryable) => Promise<T>): Promise<T> {
    if (this.#db.kind !== 'postgres') return fn(this.#db);
    return this.#db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
      return fn(tx);
    });
  }
}
