import type { Database } from '../storage/database.ts';
import { renewLease } from '../store/conversation-lease.ts';

/** The lease a {@link LeaseHeartbeat} renews, and the run it stops. */
export interface LeaseHeartbeatOptions {
  db: Database;
  conversationId: string;
  /** This gateway instance (lease holder). */
  owner: string;
  runId: string;
  /** Lease length; renewed every third of it. */
  leaseMs: number;
  /** Aborted when someone asks the turn to stop or the lease is lost. */
  controller: AbortController;
}

/**
 * Renews a running turn's conversation lease every third of its length; aborts the turn when a
 * stop was requested or the lease was lost (then {@link LeaseHeartbeat.lost} is true).
 */
export class LeaseHeartbeat {
  readonly #timer: ReturnType<typeof setInterval>;
  #lost = false;

  constructor(options: LeaseHeartbeatOptions) {
    const { db, conversationId, owner, runId, leaseMs, controller } = options;
    this.#timer = setInterval(
      async () => {
        const state = await renewLease(db, { conversationId, owner, runId, leaseMs }).catch(
          () => 'ok' as const,
        );
        if (state === 'stop') controller.abort(new Error('stopped by the user'));
        if (state === 'lost') {
          this.#lost = true;
          controller.abort(new Error('the conversation lease was lost'));
        }
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    this.#timer.unref();
  }

  /** Whether another holder took the lease while the turn ran. */
  get lost(): boolean {
    return this.#lost;
  }

  /** Stops renewing. */
  stop(): void {
    clearInterval(this.#timer);
  }
}
