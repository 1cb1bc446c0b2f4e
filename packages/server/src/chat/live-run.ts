import type { SequencedEvent, StreamEvent } from '../store/stream-event.ts';

/** Receives a live run's events in order. */
export type LiveListener = (event: SequencedEvent) => void;

/**
 * The events of a turn running in this process: numbers them (continuing the conversation's
 * sequence), keeps them for late subscribers on this replica, fans them out, and tracks which are
 * stored, so the periodic flush writes each once.
 */
export class LiveRun {
  readonly conversationId: string;
  readonly runId: string;
  /** Seq of the run's first event. */
  readonly firstSeq: number;
  readonly #events: SequencedEvent[] = [];
  readonly #listeners = new Set<LiveListener>();
  readonly #endListeners = new Set<() => void>();
  #nextSeq: number;
  #storedUpTo: number;
  #ended = false;

  /** `stored`: the run's events already in the database (written when the turn started). */
  constructor(options: {
    conversationId: string;
    runId: string;
    firstSeq: number;
    stored: SequencedEvent[];
  }) {
    this.conversationId = options.conversationId;
    this.runId = options.runId;
    this.firstSeq = options.firstSeq;
    this.#events.push(...options.stored);
    this.#nextSeq = (options.stored.at(-1)?.seq ?? options.firstSeq - 1) + 1;
    this.#storedUpTo = this.#nextSeq - 1;
  }

  /** Seq of the last event numbered so far. */
  get lastSeq(): number {
    return this.#nextSeq - 1;
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Numbers an event and delivers it at once. */
  push(event: StreamEvent): SequencedEvent {
    const sequenced = this.number(event);
    this.deliver([sequenced]);
    return sequenced;
  }

  /** Numbers an event without delivering it (for events stored with the turn's commit). */
  number(event: StreamEvent): SequencedEvent {
    return { seq: this.#nextSeq++, event };
  }

  /** Delivers numbered events to the subscribers. */
  deliver(events: readonly SequencedEvent[]): void {
    for (const event of events) {
      this.#events.push(event);
      for (const listener of [...this.#listeners]) listener(event);
    }
  }

  /** Delivered events not stored yet. */
  unstored(): SequencedEvent[] {
    return this.#events.filter((event) => event.seq > this.#storedUpTo);
  }

  /** Records that every event up to `seq` is stored. */
  markStored(seq: number): void {
    this.#storedUpTo = Math.max(this.#storedUpTo, seq);
  }

  /**
   * Replays the events after `afterSeq`, then delivers new ones as they come. `onEnd` is called once
   * the run has ended (at once when it already has). Returns the unsubscribe function.
   */
  subscribe(afterSeq: number, listener: LiveListener, onEnd: () => void): () => void {
    for (const event of this.#events) if (event.seq > afterSeq) listener(event);
    if (this.#ended) {
      onEnd();
      return () => undefined;
    }
    this.#listeners.add(listener);
    this.#endListeners.add(onEnd);
    return () => {
      this.#listeners.delete(listener);
      this.#endListeners.delete(onEnd);
    };
  }

  /** Ends the run: subscribers get their `onEnd`. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#listeners.clear();
    for (const onEnd of [...this.#endListeners]) onEnd();
    this.#endListeners.clear();
  }
}
