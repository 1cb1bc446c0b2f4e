import type {
  LanguageModel,
  ModelFinishReason,
  ModelRequest,
  ModelStreamEvent,
  Usage,
} from '../types/model.ts';

/** One scripted model reply. */
export interface ScriptedReply {
  text?: string;
  toolCalls?: Array<{ id?: string; name: string; input: unknown }>;
  usage?: Usage;
  /** Defaults to `tool_use` when there are tool calls, `end_turn` otherwise. */
  finish?: ModelFinishReason;
  error?: string;
}

/** A scripted turn: a fixed reply, or a function of the request (to look at tool results). */
export type ScriptedTurn = ScriptedReply | ((request: ModelRequest) => ScriptedReply);

/** A model that replays given turns; it records every request it receives. */
export interface ScriptedModel extends LanguageModel {
  readonly requests: ModelRequest[];
}

/**
 * Creates a deterministic model for tests and benchmarks that replays `turns` in order, streaming
 * each reply's text word by word. Past the last turn it finishes with an error saying so.
 * Honours the request's abort signal between chunks.
 */
export function createScriptedModel(turns: ScriptedTurn[], options: { id?: string } = {}): ScriptedModel {
  const requests: ModelRequest[] = [];
  let next = 0;
  return {
    id: options.id ?? 'scripted:test',
    requests,
    async *stream(request): AsyncIterable<ModelStreamEvent> {
      requests.push(request);
      const turn = turns[next++];
      if (turn === undefined) {
        yield {
          type: 'finish',
          reason: 'error',
          error: `scripted model has no turn ${next} (it has ${turns.length})`,
        };
        return;
      }
      const reply = typeof turn === 'function' ? turn(request) : turn;
      for (const piece of reply.text?.match(/\S+\s*|\s+/g) ?? []) {
        if (request.signal.aborted) return;
        yield { type: 'text_delta', text: piece };
        await Promise.resolve();
      }
      let callNumber = 0;
      for (const call of reply.toolCalls ?? []) {
        const id = call.id ?? `toolu_${next}_${++callNumber}`;
        yield {
          type: 'tool_call_delta',
          id,
          name: call.name,
          argumentsDelta: JSON.stringify(call.input ?? {}),
        };
        yield { type: 'tool_call', id, name: call.name, input: call.input };
      }
      yield { type: 'usage', usage: reply.usage ?? estimateUsage(request, reply) };
      const finish =
        reply.finish ?? (reply.error ? 'error' : reply.toolCalls?.length ? 'tool_use' : 'end_turn');
      yield { type: 'finish', reason: finish, ...(reply.error ? { error: reply.error } : {}) };
    },
  };
}

function estimateUsage(request: ModelRequest, reply: ScriptedReply): Usage {
  const sent =
    request.system.length + JSON.stringify(request.messages).length + JSON.stringify(request.tools).length;
  const received = (reply.text?.length ?? 0) + JSON.stringify(reply.toolCalls ?? []).length;
  return { inputTokens: Math.ceil(sent / 4), outputTokens: Math.ceil(received / 4) };
}
