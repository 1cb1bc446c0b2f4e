import type { User } from '../auth/user.ts';
import type { Database } from '../storage/database.ts';
import { findUserByOAuthSubject } from './user-oauth-subjects.ts';
import { findUserByApiKey, findUserById } from './user-store.ts';

/**
 * Looks API keys (and, for OAuth access tokens, user ids and subjects) up, remembering answers for
 * a few seconds (every request authenticates).
 */
export class UserCache {
  readonly #db: Database;
  readonly #ttlMs: number;
  readonly #entries = new Map<string, { user: User | undefined; at: number }>();

  constructor(db: Database, ttlMs = 10_000) {
    this.#db = db;
    this.#ttlMs = ttlMs;
  }

  /** The user of an API key, or undefined. */
  byApiKey(apiKey: string): Promise<User | undefined> {
    return this.#remembered(`key:${apiKey}`, () => findUserByApiKey(this.#db, apiKey));
  }

  /** The user with this id, or undefined (the user an OAuth access token maps to). */
  byId(id: string): Promise<User | undefined> {
    return this.#remembered(`id:${id}`, () => findUserById(this.#db, id));
  }

  /** The user an access token's subject names in the database (see {@link findUserByOAuthSubject}). */
  byOAuthSubject(subject: string): Promise<User | undefined> {
    return this.#remembered(`sub:${subject}`, () => findUserByOAuthSubject(this.#db, subject));
  }

  /** Forgets every answer (users' subjects changed: this gateway applies it at once, others within the TTL). */
  clear(): void {
    this.#entries.clear();
  }

  async #remembered(key: string, find: () => Promise<User | undefined>): Promise<User | undefined> {
    const now = Date.now();
    const cached = this.#entries.get(key);
    if (cached && now - cached.at < this.#ttlMs) return cached.user;
    const user = await find();
    if (this.#entries.size > 10_000) this.#entries.clear();
    this.#entries.set(key, { user, at: now });
    return user;
  }
}
