import type { LanguageModel, ModelRequest, ModelStreamEvent } from '@switchboard/core';
import { planNextStep } from './plan-next-step.ts';

export { OFFLINE_PLANNER_NOTICE } from './planner-notice.ts';

/** Options of {@link createOfflinePlanner}. */
export interface OfflinePlannerOptions {
  /** The clock for "today" / "tomorrow" in messages (default: the system clock). */
  now?: () => Date;
  /** How many tools each search call asks for (default 5). */
  searchLimit?: number;
}

/**
 * Creates the offline planner: a deterministic stand-in for a language model, with no network, used
 * when no model is configured. It reads what a model reads (messages with tool_use/tool_result
 * blocks, the offered tools) and answers the same way: it searches the tools with the servers'
 * `search_tools` (lazy discovery) or ranks the offered ones with the same BM25 index, calls the best
 * tool with arguments filled from the message by its JSON Schema, displays the result with a widget
 * when a `widget_display` tool is offered, and replies in a sentence or two (the calls themselves are
 * tool-call events, not narrated). That it is not a language model, and how to configure one, is
 * {@link OFFLINE_PLANNER_NOTICE}, for a UI to show once per conversation; its label says so too. The
 * id is `offline:planner`.
 */
export function createOfflinePlanner(options: OfflinePlannerOptions = {}): LanguageModel {
  const now = options.now ?? (() => new Date());
  const searchLimit = options.searchLimit ?? 5;
  return {
    id: 'offline:planner',
    kind: 'planner',
    async *stream(request: ModelRequest): AsyncIterable<ModelStreamEvent> {
      const step = planNextStep(request, { now: now(), searchLimit });
      if (step.text !== '') yield { type: 'text_delta', text: step.text };
      const stepId = hashText(JSON.stringify(request.messages));
      for (const [index, call] of step.calls.entries()) {
        const id = `toolu_offline_${stepId}_${index + 1}`;
        yield { type: 'tool_call_delta', id, name: call.name, argumentsDelta: JSON.stringify(call.input) };
        yield { type: 'tool_call', id, name: call.name, input: call.input };
      }
      yield { type: 'usage', usage: { inputTokens: 0, outputTokens: 0 } };
      yield { type: 'finish', reason: step.calls.length > 0 ? 'tool_use' : 'end_turn' };
    },
  };
}

/** A short deterministic hash (FNV-1a, 2 × 32 bits) of a text, as hex: unique per conversation state. */
function hashText(text: string): string {
  let low = 0x811c9dc5;
  let high = 0x01000193;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    low = Math.imul(low ^ code, 0x01000193) >>> 0;
    high = Math.imul(high ^ code ^ (low >>> 7), 0x01000193) >>> 0;
  }
  return `${high.toString(16).padStart(8, '0')}${low.toString(16).padStart(8, '0')}`;
}
