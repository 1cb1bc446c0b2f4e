import type { ModelFinishReason, ModelStreamEvent, Usage } from '@switchboard/core';
import { describeModelError } from './describe-model-error.ts';
import { modelErrorType } from './model-error-type.ts';
import { openWithRetries, type RetryPolicy } from './open-with-retries.ts';
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
  /** Retries before the stream starts (the SDK's own are off); none when omitted. */
  retry?: RetryPolicy;
}

/**
 * Opens a streamed chat completion and translates its chunks into model events: text deltas as they
 * arrive, tool-call deltas assembled by index, then the complete tool calls, usage, and one `finish`.
 * A request the vendor refuses for now is retried by the policy, each wait announced with a `retry` event.
 * Errors (HTTP errors after retries, error chunks, a cut connection, abort) end in `finish: error`.
 */
export async function* streamChatCompletion(
  open: () => Promise<AsyncIterable<ChatCompletionChunkLike>>,
  options: StreamChatCompletionOptions,
): AsyncGenerator<ModelStreamEvent> {
  const assembler = createToolCallAssembler(options.createId);
  let usage: Usage | undefined;
  let finishReason: string | undefined;
  let refused = false;
  try {
    const stream = yield* openWithRetries(open, {
      vendor: options.vendor,
      signal: options.signal,
      policy: options.retry ?? NO_RETRIES,
    });
    for await (const chunk of stream) {
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
  } catch (error) {
    if (usage) yield { type: 'usage', usage };
    yield finishWithError(
      options,
      describeModelError(options.vendor, error, options.secrets),
      modelErrorType(error),
    );
    return;
  }
  if (options.signal.aborted || finishReason === 'abort') {
    if (usage) yield { type: 'usage', usage };
    yield finishWithError(options, 'aborted');
    return;
  }
  if (finishReason === undefined) {
    if (usage) yield { type: 'usage', usage };
    yield finishWithError(
      options,
      `${options.vendor} stream ended before the model finished (the connection was cut)`,
    );
    return;
  }
  const calls = assembler.finish();
  yield* calls;
  if (usage) yield { type: 'usage', usage };
  yield { type: 'finish', reason: refused ? 'refusal' : mapFinishReason(finishReason, calls.length > 0) };
}

const NO_RETRIES: RetryPolicy = { maxRetries: 0, maxWaitMs: 0, budgetMs: 0 };

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
