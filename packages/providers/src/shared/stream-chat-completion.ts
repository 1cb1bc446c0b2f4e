import type { ModelFinishReason, ModelStreamEvent, Usage } from '@switchboard/core';
import { describeModelError } from './describe-model-error.ts';
import { MidStreamError, readVendorStream } from './mid-stream-error.ts';
import { modelErrorType } from './model-error-type.ts';
import { NO_RETRIES, type RetryPolicy } from './retry-policy.ts';
import { streamWithRetries } from './stream-with-retries.ts';
import { createToolCallAssembler, type ToolCallDeltaPart } from './tool-call-assembler.ts';

/** The fields this module reads from an OpenAI-style `chat.completion.chunk` (OpenAI, web-llm, …). */
export interface ChatCompletionChunkLike {
  choices?: Array<{
    delta?: {
      content?: string | null;
      refusal?: string | null;
      tool_calls?: ToolCallDeltaPart[];
    };
    finish_reason?: string | null;
  }>;
  usage?: {
    prompt_tokens?: number;
    completion_tokens?: number;
    prompt_tokens_details?: { cached_tokens?: number };
  } | null;
}

/** How to run one streamed chat completion. */
export interface StreamChatCompletionOptions {
  /** Shown in error messages, e.g. `OpenAI`. */
  vendor: string;
  signal: AbortSignal;
  /** Removed from error messages. */
  secrets: readonly (string | undefined)[];
  /** Ids for tool calls the server sent without one. */
  createId: () => string;
  /** Retries of a request refused or broken off (the SDK's own are off); none when omitted. */
  retry?: RetryPolicy;
}

/** What a complete attempt left to report after its content. */
interface AttemptEnd {
  usage: Usage | undefined;
  finishReason: string | undefined;
  refused: boolean;
  calls: ModelStreamEvent[];
}

/**
 * Opens a streamed chat completion and translates its chunks into model events: text deltas as they
 * arrive, tool-call deltas assembled by index, then the complete tool calls, usage, and one `finish`.
 * A request the vendor refuses for now, and one that breaks off mid-stream (an error chunk from a
 * failed server, a cut connection, a stream that ends before a `finish_reason`), is asked again by
 * the policy, each wait announced with a `retry` event that voids what the broken attempt streamed.
 * Errors not retried (or after the retries) and an abort end in `finish: error`.
 */
export async function* streamChatCompletion(
  open: () => Promise<AsyncIterable<ChatCompletionChunkLike>>,
  options: StreamChatCompletionOptions,
): AsyncGenerator<ModelStreamEvent> {
  let end: AttemptEnd;
  try {
    end = yield* streamWithRetries(() => streamAttempt(open, options), {
      vendor: options.vendor,
      signal: options.signal,
      policy: options.retry ?? NO_RETRIES,
    });
  } catch (error) {
    yield finishWithError(
      options,
      describeModelError(options.vendor, error, options.secrets),
      modelErrorType(error),
    );
    return;
  }
  if (options.signal.aborted || end.finishReason === 'abort') {
    if (end.usage) yield { type: 'usage', usage: end.usage };
    yield finishWithError(options, 'aborted');
    return;
  }
  yield* end.calls;
  if (end.usage) yield { type: 'usage', usage: end.usage };
  const reason = end.refused ? 'refusal' : mapFinishReason(end.finishReason ?? 'stop', end.calls.length > 0);
  yield { type: 'finish', reason };
}

/**
 * One request: opens it and streams its text and tool-call deltas, throwing a {@link MidStreamError}
 * when the stream breaks off (after reporting the usage it had counted).
 */
async function* streamAttempt(
  open: () => Promise<AsyncIterable<ChatCompletionChunkLike>>,
  options: StreamChatCompletionOptions,
): AsyncGenerator<ModelStreamEvent, AttemptEnd> {
  const stream = await open();
  const assembler = createToolCallAssembler(options.createId);
  let usage: Usage | undefined;
  let finishReason: string | undefined;
  let refused = false;
  try {
    for await (const chunk of readVendorStream(stream)) {
      if (chunk.usage) usage = toUsage(chunk.usage);
      const choice = chunk.choices?.[0];
      if (choice?.delta?.content) yield { type: 'text_delta', text: choice.delta.content };
      if (choice?.delta?.refusal) {
        refused = true;
        yield { type: 'text_delta', text: choice.delta.refusal };
      }
      for (const part of choice?.delta?.tool_calls ?? []) {
        const delta = assembler.add(part);
        if (delta) yield delta;
      }
      if (choice?.finish_reason) finishReason = choice.finish_reason;
      if (options.signal.aborted) break;
    }
    if (finishReason === undefined && !options.signal.aborted) {
      throw new MidStreamError('the stream ended before the model finished');
    }
  } catch (error) {
    if (usage) yield { type: 'usage', usage };
    throw error;
  }
  return { usage, finishReason, refused, calls: options.signal.aborted ? [] : assembler.finish() };
}

function finishWithError(
  options: StreamChatCompletionOptions,
  error: string,
  errorType?: string,
): ModelStreamEvent {
  if (options.signal.aborted) return { type: 'finish', reason: 'error', error: 'aborted' };
  return { type: 'finish', reason: 'error', error, ...(errorType ? { errorType } : {}) };
}

function mapFinishReason(reason: string, hasToolCalls: boolean): ModelFinishReason {
  if (reason === 'length') return 'max_tokens';
  if (reason === 'content_filter') return 'refusal';
  return hasToolCalls ? 'tool_use' : 'end_turn';
}

/** OpenAI counts cached tokens inside `prompt_tokens`; ours counts them apart, as Anthropic does. */
function toUsage(raw: NonNullable<ChatCompletionChunkLike['usage']>): Usage {
  const cached = raw.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    inputTokens: (raw.prompt_tokens ?? 0) - cached,
    outputTokens: raw.completion_tokens ?? 0,
    ...(cached > 0 ? { cacheReadTokens: cached } : {}),
  };
}
