import { randomBytes } from 'node:crypto';
import type { ParkableCall } from './parkable-call.ts';

/** Limits of {@link ParkedCalls}. */
export interface ParkedCallLimits {
  /** Calls this replica keeps waiting, for all users together. */
  maxCalls: number;
  /** Calls one user may have waiting. */
  maxPerUser: number;
  /** How long a call waits for the client's answer before it is cancelled (ms). */
  timeoutMs: number;
}

const DEFAULT_LIMITS: ParkedCallLimits = { maxCalls: 1_000, maxPerUser: 20, timeoutMs: 600_000 };

/**
 * The underlying calls this replica keeps running while their 2026-07-28 clients answer the
 * servers' questions, by a random id the request state names. Bounded in number (overall and per
 * user); a call not continued within the timeout is cancelled. Taking a call removes it: one retry
 * continues it, and only one of its own user's.
 */
export class ParkedCalls {
  readonly #limits: ParkedCallLimits;
  readonly #calls = new Map<string, { call: ParkableCall; timer: NodeJS.Timeout }>();

  constructor(limits: Partial<ParkedCallLimits> = {}) {
    this.#limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** Parks `call` and returns its id; undefined when the replica or the user has too many waiting. */
  park(call: ParkableCall): string | undefined {
    if (this.#calls.size >= this.#limits.maxCalls) return undefined;
    const own = [...this.#calls.values()].filter((entry) => entry.call.userId === call.userId).length;
    if (own >= this.#limits.maxPerUser) return undefined;
    const id = randomBytes(18).toString('base64url');
    const seconds = Math.round(this.#limits.timeoutMs / 1000);
    const timer = setTimeout(() => {
      this.#calls.delete(id);
      call.abort(`the MCP client did not answer the server's question within ${seconds} s`);
    }, this.#limits.timeoutMs);
    timer.unref();
    this.#calls.set(id, { call, timer });
    return id;
  }

  /** Takes out the call parked as `id` for `userId`; undefined when no such call waits here. */
  take(id: string, userId: string): ParkableCall | undefined {
    const entry = this.#calls.get(id);
    if (!entry || entry.call.userId !== userId) return undefined;
    clearTimeout(entry.timer);
    this.#calls.delete(id);
    return entry.call;
  }

  /** How many calls wait here. */
  get size(): number {
    return this.#calls.size;
  }
}
