import type { LanguageModel, ModelRequest, ModelStreamEvent } from '@switchboard/core';
import { buildTextProtocolPrompt } from './build-text-protocol-prompt.ts';
import { renderHistoryAsText } from './render-history-as-text.ts';
import { markCallSyntax, type TextProtocolSyntax } from './text-protocol-syntax.ts';
import { createTextToolCallParser, type TextProtocolPiece } from './text-tool-call-parser.ts';

/** Options of {@link withTextToolProtocol}. */
export interface TextToolProtocolOptions {
  /** The call syntax the prompt teaches: `tags` (default) or `qwen`. Both are always parsed. */
  syntax?: TextProtocolSyntax;
  /** Ids for the parsed tool calls. Default: random `text_call_…` ids. */
  createId?: () => string;
}

/**
 * Gives tools to a model that cannot call them natively. Each request's tools are written into the
 * system prompt with the protocol, no native tools are sent, and past tool calls and results are
 * rendered as text. Calls are parsed out of the streamed reply (`<tool>name</tool><params>{…}</params>`
 * or Qwen-style `<tool_call>{…}</tool_call>`) and come out as `tool_call` events; the text around them
 * streams as text deltas without the markup; past calls go back in the syntax the model wrote them in.
 * A reply with calls finishes with `tool_use`. A `retry` (the inner reply broke off and is asked again)
 * starts the parsing over, so markup half-read from the broken reply never swallows the new one.
 * Unreadable arguments become an input `{ __parse_error, raw }` that the dispatcher reports to the model.
 */
export function withTextToolProtocol(
  model: LanguageModel,
  options: TextToolProtocolOptions = {},
): LanguageModel {
  const syntax = options.syntax ?? 'tags';
  const createId = options.createId ?? (() => `text_call_${crypto.randomUUID()}`);

  function innerRequest(request: ModelRequest): ModelRequest {
    const prompt = request.tools.length > 0 ? buildTextProtocolPrompt(request.tools, syntax) : '';
    return {
      ...request,
      system: [request.system, prompt].filter(Boolean).join('\n\n'),
      messages: renderHistoryAsText(request.messages, syntax),
      tools: [],
    };
  }

  return {
    id: model.id,
    async *stream(request) {
      let parser = createTextToolCallParser();
      let calls = 0;
      const toEvents = (pieces: TextProtocolPiece[]): ModelStreamEvent[] =>
        pieces.map((piece) => {
          if (piece.type === 'text') return { type: 'text_delta', text: piece.text };
          calls++;
          const id = markCallSyntax(createId(), piece.syntax, syntax);
          return { type: 'tool_call', id, name: piece.name, input: piece.input };
        });
      for await (const event of model.stream(innerRequest(request))) {
        if (event.type === 'text_delta') {
          yield* toEvents(parser.push(event.text));
        } else if (event.type === 'retry') {
          // The inner attempt broke off and is asked again: its half-read markup goes with it.
          parser = createTextToolCallParser();
          calls = 0;
          yield event;
        } else if (event.type === 'finish') {
          yield* toEvents(parser.end());
          const endedWithCalls =
            calls > 0 && (event.reason === 'end_turn' || event.reason === 'stop_sequence');
          yield endedWithCalls ? { type: 'finish', reason: 'tool_use' } : event;
          return;
        } else {
          yield event;
        }
      }
      yield* toEvents(parser.end());
      yield { type: 'finish', reason: 'error', error: `${model.id} stream ended without a finish event` };
    },
  };
}
