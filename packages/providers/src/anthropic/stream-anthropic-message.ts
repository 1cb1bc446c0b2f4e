import type { RawMessageStreamEvent, StopReason } from '@anthropic-ai/sdk/resources/messages';
import type { ModelFinishReason, ModelStreamEvent, Usage } from '@switchboard/core';
import { describeModelError } from '../shared/describe-model-error.ts';
import { MidStreamError, readVendorStream } from '../shared/mid-stream-error.ts';
import { modelErrorType } from '../shared/model-error-type.ts';
import { parseToolArguments } from '../shared/parse-tool-arguments.ts';
import type { RetryPolicy } from '../shared/retry-policy.ts';
import { streamWithRetries } from '../shared/stream-with-retries.ts';

/** How to run one streamed Messages API call. */
export interface StreamAnthropicMessageOptions {
  signal: AbortSignal;
  /** Removed from error messages. */
  secrets: readonly (string | undefined)[];
  /** Retries of a request refused or broken off (the SDK's own are off). */
  retry: RetryPolicy;
}

interface PendingToolUse {
  id: string;
  name: string;
  json: string;
  /** The input given in content_block_start (normally `{}`), used when no JSON deltas follow. */
  startInput: unknown;
}

/** The usage counters as the API reports them, in message_start and (cumulatively) in message_delta. */
interface RawUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}

const STOP_REASONS: Record<StopReason, ModelFinishReason> = {
  end_turn: 'end_turn',
  tool_use: 'tool_use',
  max_tokens: 'max_tokens',
  stop_sequence: 'stop_sequence',
  refusal: 'refusal',
  pause_turn: 'end_turn',
  model_context_window_exceeded: 'max_tokens',
};

/** What a complete attempt left to report after its content. */
interface AttemptEnd {
  usage: Usage | undefined;
  stopReason: StopReason | null;
}

/**
 * Opens a streamed Messages API call and translates its raw events into model events: text deltas,
 * tool-call deltas from `input_json_delta`, a `tool_call` when each tool_use block stops, then usage
 * and one `finish`. A request refused for now, and one that breaks off mid-stream (an `error` event
 * such as `overloaded_error`, a cut connection, a stream that ends before `message_stop`), is asked
 * again by the policy, each wait announced with a `retry` event that voids what the broken attempt
 * streamed. Errors not retried (or after the retries) and an abort end in `finish: error` with a
 * clear message.
 */
export async function* streamAnthropicMessage(
  open: () => Promise<AsyncIterable<RawMessageStreamEvent>>,
  options: StreamAnthropicMessageOptions,
): AsyncGenerator<ModelStreamEvent> {
  let end: AttemptEnd;
  try {
    end = yield* streamWithRetries(() => streamAttempt(open, options.signal), {
      vendor: 'Anthropic',
      signal: options.signal,
      policy: options.retry,
    });
  } catch (error) {
    yield finishWithError(
      options,
      describeModelError('Anthropic', error, options.secrets),
      modelErrorType(error),
    );
    return;
  }
  if (end.usage) yield { type: 'usage', usage: end.usage };
  if (options.signal.aborted) yield finishWithError(options, 'aborted');
  else yield { type: 'finish', reason: (end.stopReason && STOP_REASONS[end.stopReason]) || 'end_turn' };
}

/**
 * One request: opens it and streams its content, throwing a {@link MidStreamError} when the stream
 * breaks off (after reporting the usage it had counted).
 */
async function* streamAttempt(
  open: () => Promise<AsyncIterable<RawMessageStreamEvent>>,
  signal: AbortSignal,
): AsyncGenerator<ModelStreamEvent, AttemptEnd> {
  const stream = await open();
  const toolUses = new Map<number, PendingToolUse>();
  let usage: Usage | undefined;
  let stopReason: StopReason | null = null;
  let stopped = false;
  try {
    for await (const event of readVendorStream(stream)) {
      switch (event.type) {
        case 'message_start':
          usage = mergeUsage({ inputTokens: 0, outputTokens: 0 }, event.message.usage);
          break;
        case 'content_block_start': {
          const block = event.content_block;
          if (block.type === 'text' && block.text) yield { type: 'text_delta', text: block.text };
          if (block.type === 'tool_use') {
            toolUses.set(event.index, { id: block.id, name: block.name, json: '', startInput: block.input });
          }
          break;
        }
        case 'content_block_delta': {
          const delta = event.delta;
          if (delta.type === 'text_delta') yield { type: 'text_delta', text: delta.text };
          const toolUse = toolUses.get(event.index);
          if (delta.type === 'input_json_delta' && toolUse) {
            toolUse.json += delta.partial_json;
            if (delta.partial_json) {
              yield {
                type: 'tool_call_delta',
                id: toolUse.id,
                name: toolUse.name,
                argumentsDelta: delta.partial_json,
              };
            }
          }
          break;
        }
        case 'content_block_stop': {
          const toolUse = toolUses.get(event.index);
          if (toolUse) {
            toolUses.delete(event.index);
            const input = toolUse.json === '' ? (toolUse.startInput ?? {}) : parseToolArguments(toolUse.json);
            yield { type: 'tool_call', id: toolUse.id, name: toolUse.name, input };
          }
          break;
        }
        case 'message_delta':
          stopReason = event.delta.stop_reason ?? stopReason;
          usage = mergeUsage(usage ?? { inputTokens: 0, outputTokens: 0 }, event.usage);
          break;
        case 'message_stop':
          stopped = true;
          break;
      }
      if (signal.aborted) break;
    }
    if (!stopped && !signal.aborted) throw new MidStreamError('the stream ended before message_stop');
  } catch (error) {
    if (usage) yield { type: 'usage', usage };
    throw error;
  }
  return { usage, stopReason };
}

function finishWithError(
  options: StreamAnthropicMessageOptions,
  error: string,
  errorType?: string,
): ModelStreamEvent {
  if (options.signal.aborted) return { type: 'finish', reason: 'error', error: 'aborted' };
  return { type: 'finish', reason: 'error', error, ...(errorType ? { errorType } : {}) };
}

/** Takes every counter the event reports; message_delta counters are cumulative, so they replace. */
function mergeUsage(current: Usage, raw: RawUsage): Usage {
  const next: Usage = {
    inputTokens: raw.input_tokens ?? current.inputTokens,
    outputTokens: raw.output_tokens ?? current.outputTokens,
  };
  const cacheRead = raw.cache_read_input_tokens ?? current.cacheReadTokens;
  const cacheWrite = raw.cache_creation_input_tokens ?? current.cacheWriteTokens;
  if (cacheRead !== undefined) next.cacheReadTokens = cacheRead;
  if (cacheWrite !== undefined) next.cacheWriteTokens = cacheWrite;
  return next;
}
