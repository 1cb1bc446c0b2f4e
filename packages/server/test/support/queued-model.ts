import type { LanguageModel, ModelRequest } from '@switchboard/core';
import { createScriptedModel, type ScriptedTurn } from '@switchboard/core/testing';

/** A scripted turn that first waits (e.g. for the test to let it go). */
export interface GatedTurn {
  /** Streamed before waiting. */
  before?: string;
  wait: Promise<void>;
  /** The reply after the wait. */
  reply: ScriptedTurn;
}

/** A model whose replies the tests queue as they go; it records every request. */
export interface QueuedModel extends LanguageModel {
  readonly requests: ModelRequest[];
  enqueue(...turns: Array<ScriptedTurn | GatedTurn>): void;
  pending(): number;
}

/** A deterministic model for a gateway shared by many tests: each request takes the next queued turn. */
export function queuedModel(): QueuedModel {
  const queue: Array<ScriptedTurn | GatedTurn> = [];
  const requests: ModelRequest[] = [];
  return {
    id: 'scripted:test',
    requests,
    enqueue: (...turns) => {
      queue.push(...turns);
    },
    pending: () => queue.length,
    async *stream(request) {
      requests.push(request);
      const turn = queue.shift();
      if (turn === undefined) {
        yield { type: 'finish', reason: 'error', error: 'the test queued no model turn for this request' };
        return;
      }
      if (typeof turn === 'object' && 'wait' in turn) {
        if (turn.before) yield { type: 'text_delta', text: turn.before };
        await Promise.race([
          turn.wait,
          new Promise((resolve) => request.signal.addEventListener('abort', resolve, { once: true })),
        ]);
        if (request.signal.aborted) return;
        yield* createScriptedModel([turn.reply]).stream(request);
        return;
      }
      yield* createScriptedModel([turn]).stream(request);
    },
  };
}
