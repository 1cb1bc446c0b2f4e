import type { ProviderTool } from './layers.ts';
import type { ChatMessage } from './messages.ts';

/** Token usage of one model call. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

/** Why a model stopped producing output. */
export type ModelFinishReason =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'stop_sequence'
  | 'refusal'
  | 'error';

/** What the loop sends to a model on each iteration. */
export interface ModelRequest {
  system: string;
  messages: ChatMessage[];
  tools: ProviderTool[];
  signal: AbortSignal;
  maxTokens?: number;
  /**
   * How many of the first `tools` the conversation's previous request offered first too, in the same
   * order (all of them when the tools did not change); tools activated since are appended after them.
   * A prompt-caching adapter reads the previous request's cached tools there. Default: all of `tools`.
   */
  stableToolCount?: number;
  /**
   * How many of the first `messages` the next request of this turn will send unchanged (the context
   * manager may still rewrite the ones after, e.g. compress an older tool result). A prompt-caching
   * adapter ends a cached prefix there, so the next step can read it. Default: all but the last.
   */
  stableMessageCount?: number;
}

/** One event of a streamed model response. */
export type ModelStreamEvent =
  | { type: 'text_delta'; text: string }
  | { type: 'tool_call_delta'; id: string; name: string; argumentsDelta: string }
  | { type: 'tool_call'; id: string; name: string; input: unknown }
  | { type: 'usage'; usage: Usage }
  | {
      /**
       * The adapter is waiting before it asks the vendor again (a 429, an overloaded or failed server, a
       * reply that broke off mid-stream). Whatever the call streamed before it is void: the reply starts over.
       */
      type: 'retry';
      /** The retry about to be made: 1 for the first. */
      attempt: number;
      waitMs: number;
      /** Why: `rate_limit`, `overloaded`, `server_error`, `timeout` or `connection`. */
      reason: string;
      /** The vendor's error type of the failed attempt (`rate_limit_exceeded`, `overloaded_error`, …). */
      errorType?: string;
    }
  | {
      type: 'finish';
      reason: ModelFinishReason;
      error?: string;
      /** With `error`: the vendor's error type or code (`authentication_error`, `invalid_api_key`, …), for operators. */
      errorType?: string;
    };

/**
 * The streaming model interface every adapter implements.
 * A complete tool call is always announced with a `tool_call` event (deltas are optional, for display);
 * a stream ends with exactly one `finish` event.
 */
export interface LanguageModel {
  /** `vendor:model`, e.g. `anthropic:claude-sonnet-4-5` or `offline:planner`. */
  readonly id: string;
  /**
   * `planner` for a model that is not a language model (the offline planner): it cannot answer
   * free-form requests such as a server's `sampling/createMessage`. Default `language-model`.
   */
  readonly kind?: 'language-model' | 'planner';
  stream(request: ModelRequest): AsyncIterable<ModelStreamEvent>;
}
