import type { User } from '../auth/user.ts';
import type { Database } from '../storage/database.ts';
import { findUserByApiKey } from './user-store.ts';

/** Looks API keys up, remembering answers for a few seconds (every request authenticates). */
export class UserCache {
  readonly #db: Database;
  readonly #ttlMs: number;
  readonly #entries = new Map<string, { user: User | undefined; at: number }>();

  constructor(db: Database, ttlMs = 10_000) {
    this.#db = db;
    this.#ttlMs = ttlMs;
  }

  /** The user of an API key, or undefined. */
  async byApiKey(apiKey: string): Promise<User | undefined> {
    const now = Date.now();
    const cached = this.#entries.get(apiKey);
    if (cached && now - cached.at < this.#ttlMs) return cached.user;
    const user = await findUserByApiKey(this.#db, apiKey);
    if (this.#entries.size > 10_000) this.#entries.clear();
    this.#entries.set(apiKey, { user, at: now });
    return user;
  }
}
