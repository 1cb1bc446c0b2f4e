import type { Logger } from 'pino';
import { eventsChannel, type GatewayBus } from '../bus/gateway-bus.ts';
import type { Database } from '../storage/database.ts';
import { insertStreamEvents } from '../store/stream-event-store.ts';
import type { LiveRun } from './live-run.ts';

/** What a {@link StreamFlusher} stores and announces. */
export interface StreamFlusherOptions {
  db: Database;
  bus: GatewayBus;
  live: LiveRun;
  /** How often the run's unstored events are stored. */
  flushMs: number;
  logger: Logger;
}

/**
 * Stores a running turn's new stream events every `flushMs` and announces the last stored number
 * to other replicas; flushes run one after another and a failed one is retried by the next.
 */
export class StreamFlusher {
  readonly #options: StreamFlusherOptions;
  readonly #timer: ReturnType<typeof setInterval>;
  #flushing: Promise<void> = Promise.resolve();

  constructor(options: StreamFlusherOptions) {
    this.#options = options;
    this.#timer = setInterval(() => this.#flush(), options.flushMs);
    this.#timer.unref();
  }

  /** Stops flushing on a timer (a flush under way goes on; see {@link StreamFlusher.idle}). */
  stop(): void {
    clearInterval(this.#timer);
  }

  /** Resolves once the flushes started so far have finished. */
  idle(): Promise<void> {
    return this.#flushing;
  }

  #flush(): void {
    const { db, bus, live, logger } = this.#options;
    const conversationId = live.conversationId;
    this.#flushing = this.#flushing.then(async () => {
      const pending = live.unstored();
      if (pending.length === 0) return;
      try {
        await insertStreamEvents(db, conversationId, live.runId, pending);
        const last = pending[pending.length - 1].seq;
        live.markStored(last);
        await bus.publish(eventsChannel(conversationId), String(last)).catch(() => undefined);
      } catch (error) {
        logger.warn({ err: error, conversationId }, 'could not store stream events; retrying');
      }
    });
  }
}
