import type { CanvasSnapshot } from '@switchboard/autoui';
import type { AgentSessionSnapshot } from '@switchboard/core';
import type { ChatEntry } from '@switchboard/ui';

/** What standalone mode keeps in the browser between visits. */
export interface StandaloneState {
  version: 1;
  session?: AgentSessionSnapshot;
  chat: ChatEntry[];
  canvas?: CanvasSnapshot;
}

/** The localStorage key of standalone mode. */
export const STANDALONE_STORAGE_KEY = 'switchboard.standalone.v1';

/** Reads and writes standalone mode's state in a Storage (localStorage); a corrupt entry reads as empty. */
export class StandaloneStore {
  readonly #storage: Storage;

  constructor(storage: Storage) {
    this.#storage = storage;
  }

  load(): StandaloneState {
    try {
      const parsed = JSON.parse(
        this.#storage.getItem(STANDALONE_STORAGE_KEY) ?? 'null',
      ) as StandaloneState | null;
      if (parsed?.version === 1 && Array.isArray(parsed.chat)) return parsed;
    } catch {
      // A corrupt entry starts a new conversation.
    }
    return { version: 1, chat: [] };
  }

  /** Merges `change` into the stored state. Quota errors are reported, not thrown. */
  save(change: Partial<Omit<StandaloneState, 'version'>>): void {
    try {
      this.#storage.setItem(
        STANDALONE_STORAGE_KEY,
        JSON.stringify({ ...this.load(), ...change, version: 1 }),
      );
    } catch (error) {
      console.warn('switchboard: could not save the conversation in this browser:', error);
    }
  }

  clear(): void {
    this.#storage.removeItem(STANDALONE_STORAGE_KEY);
  }
}
