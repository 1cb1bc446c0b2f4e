import type { CachedSession } from '../store/cached-session.ts';

/** Default bounds of a {@link SessionCache}. */
const DEFAULT_SESSION_CACHE = { maxEntries: 2_000, maxChars: 64_000_000 } as const;

/**
 * The sessions of the conversations this gateway served last, so that starting a turn need not read
 * the whole session back from the database: the database sends it only when the version it holds
 * differs from the cached one (another replica, or a change by hand, committed since). Least
 * recently used sessions go first once either bound is passed.
 */
export class SessionCache {
  readonly #entries = new Map<string, CachedSession>();
  readonly #maxEntries: number;
  readonly #maxChars: number;
  #chars = 0;

  constructor(bounds: { maxEntries?: number; maxChars?: number } = {}) {
    this.#maxEntries = bounds.maxEntries ?? DEFAULT_SESSION_CACHE.maxEntries;
    this.#maxChars = bounds.maxChars ?? DEFAULT_SESSION_CACHE.maxChars;
  }

  /** Number of cached sessions. */
  get size(): number {
    return this.#entries.size;
  }

  /** The cached session of a conversation (now the most recently used). */
  get(conversationId: string): CachedSession | undefined {
    const entry = this.#entries.get(conversationId);
    if (entry === undefined) return undefined;
    this.#entries.delete(conversationId);
    this.#entries.set(conversationId, entry);
    return entry;
  }

  /** Caches a committed session (one larger than the whole cache is not kept). */
  set(conversationId: string, session: CachedSession): void {
    this.delete(conversationId);
    if (session.json.length > this.#maxChars || this.#maxEntries <= 0) return;
    this.#entries.set(conversationId, session);
    this.#chars += session.json.length;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#chars <= this.#maxChars) break;
      this.#entries.delete(oldest);
      this.#chars -= entry.json.length;
    }
  }

  /** Forgets a conversation's session. */
  delete(conversationId: string): void {
    const entry = this.#entries.get(conversationId);
    if (entry === undefined) return;
    this.#entries.delete(conversationId);
    this.#chars -= entry.json.length;
  }
}
