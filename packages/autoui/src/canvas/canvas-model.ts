import type { ApplyCanvasOptions } from './apply-canvas-event.ts';
import { applyCanvasEvent, snapshotEvents } from './apply-canvas-event.ts';
import type { CanvasBlock, CanvasEvent, CanvasState } from './canvas-types.ts';
import { EMPTY_CANVAS } from './canvas-types.ts';

/** A persisted canvas: the compacted event log. */
export interface CanvasSnapshot {
  version: 1;
  events: CanvasEvent[];
}

/**
 * A live canvas: applies events, notifies subscribers, and persists as a compact event log that
 * restores the same state. Framework-free; UIs wrap it in their own reactivity.
 */
export class CanvasModel {
  #state: CanvasState = EMPTY_CANVAS;
  readonly #listeners = new Set<(state: CanvasState, event: CanvasEvent) => void>();
  readonly #options: ApplyCanvasOptions;

  constructor(options: ApplyCanvasOptions & { events?: Iterable<CanvasEvent> } = {}) {
    this.#options = { sizeOf: options.sizeOf, layoutWidth: options.layoutWidth };
    for (const event of options.events ?? [])
      this.#state = applyCanvasEvent(this.#state, event, this.#options);
  }

  /** Restores a canvas saved with {@link CanvasModel.toJSON}; throws on an unknown format. */
  static fromJSON(snapshot: unknown, options: ApplyCanvasOptions = {}): CanvasModel {
    const events = (snapshot as Partial<CanvasSnapshot> | null)?.events;
    if ((snapshot as Partial<CanvasSnapshot> | null)?.version !== 1 || !Array.isArray(events)) {
      throw new Error('not a canvas snapshot: expected { version: 1, events: [...] }');
    }
    return new CanvasModel({ ...options, events });
  }

  /**
   * Sets the width of the visible canvas that new blocks are placed in and fitted to (blocks already
   * there stay where they are).
   */
  setLayoutWidth(width: number): void {
    if (Number.isFinite(width) && width > 0) this.#options.layoutWidth = Math.round(width);
  }

  /** The current state. */
  get state(): CanvasState {
    return this.#state;
  }

  /** The block with this id. */
  get(id: string): CanvasBlock | undefined {
    return this.#state.blocks.find((block) => block.id === id);
  }

  /** Applies an event; subscribers are told only when the state changed. */
  apply(event: CanvasEvent): void {
    const next = applyCanvasEvent(this.#state, event, this.#options);
    if (next === this.#state) return;
    this.#state = next;
    for (const listener of this.#listeners) listener(next, event);
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  subscribe(listener: (state: CanvasState, event: CanvasEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The canvas as a compact event log. */
  toJSON(): CanvasSnapshot {
    return { version: 1, events: snapshotEvents(this.#state) };
  }
}
