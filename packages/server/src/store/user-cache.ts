import type { User, UserDirectory } from '../auth/user.ts';
import { CONTROL_CHANNEL, type ControlMessage, type GatewayBus } from '../bus/gateway-bus.ts';
import type { Database } from '../storage/database.ts';
import { findUserByApiKey } from './api-key-store.ts';
import { findUserByOAuthSubject } from './user-oauth-subjects.ts';
import { findActiveUserById } from './user-store.ts';

/**
 * Looks API keys (and, for OAuth access tokens, user ids and subjects) up, remembering answers for
 * a few seconds (every request authenticates). Disabled users are nobody here. A change to users or
 * keys made on any replica ({@link changed}) empties every replica's cache at once (over the bus;
 * should a notice be lost, within the TTL).
 */
export class UserCache implements UserDirectory {
  readonly #db: Database;
  readonly #ttlMs: number;
  readonly #bus?: GatewayBus;
  readonly #entries = new Map<string, { user: User | undefined; at: number }>();
  #unsubscribe?: () => Promise<void>;

  constructor(db: Database, options: { ttlMs?: number; bus?: GatewayBus } = {}) {
    this.#db = db;
    this.#ttlMs = options.ttlMs ?? 10_000;
    this.#bus = options.bus;
  }

  /** Listens for changes made through other replicas. */
  async start(): Promise<void> {
    this.#unsubscribe = await this.#bus?.subscribe(CONTROL_CHANNEL, (message) => {
      if ((JSON.parse(message) as ControlMessage).type === 'users-changed') this.clear();
    });
  }

  /** The user of an API key, or undefined. */
  byApiKey(apiKey: string): Promise<User | undefined> {
    return this.#remembered(`key:${apiKey}`, () => findUserByApiKey(this.#db, apiKey));
  }

  /** The user with this id, or undefined (the user an OAuth access token maps to). */
  byId(id: string): Promise<User | undefined> {
    return this.#remembered(`id:${id}`, () => findActiveUserById(this.#db, id));
  }

  /** The user an access token's subject names in the database (see {@link findUserByOAuthSubject}). */
  byOAuthSubject(subject: string): Promise<User | undefined> {
    return this.#remembered(`sub:${subject}`, () => findUserByOAuthSubject(this.#db, subject));
  }

  /** Forgets every answer on this replica. */
  clear(): void {
    this.#entries.clear();
  }

  /**
   * Users, their roles, keys or subjects changed: forgets every answer here and tells every other
   * replica to (a disabled user or a revoked key is refused everywhere at once).
   */
  async changed(): Promise<void> {
    this.clear();
    await this.#bus?.publish(
      CONTROL_CHANNEL,
      JSON.stringify({ type: 'users-changed' } satisfies ControlMessage),
    );
  }

  async close(): Promise<void> {
    await this.#unsubscribe?.();
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
