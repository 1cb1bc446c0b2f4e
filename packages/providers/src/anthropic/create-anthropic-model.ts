import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { LanguageModel, ModelRequest } from '@switchboard/core';
import { normalizeHistory } from '../shared/normalize-history.ts';
import { retryPolicy } from '../shared/retry-policy.ts';
import { type AnthropicCacheMode, planCacheBreakpoints } from './plan-cache-breakpoints.ts';
import { streamAnthropicMessage } from './stream-anthropic-message.ts';
import {
  isCacheableMessage,
  toAnthropicMessages,
  toAnthropicSystem,
  toAnthropicTools,
} from './to-anthropic-request.ts';

/** Anthropic's API, used when no base URL is given (the SDK's own environment lookup is bypassed). */
const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

/** Output token limit when neither the request nor the options give one (the API requires a value). */
const DEFAULT_MAX_TOKENS = 4096;

/** Options of {@link createAnthropicModel}. */
export interface AnthropicModelOptions {
  apiKey: string;
  /** e.g. `claude-sonnet-5-5`. */
  model: string;
  /** A proxy or gateway in front of the Messages API. */
  baseURL?: string;
  /** Retries on 408/409/429/5xx and connection errors, honouring `retry-after`. Default 2. */
  maxRetries?: number;
  /** The longest wait before a retry; a vendor asking for more fails the call at once. Default 15 s. */
  maxRetryWaitMs?: number;
  /** The most waiting for retries in one call. Default 30 s. */
  retryBudgetMs?: number;
  /** Output token limit when the request gives none. Default 4096. */
  maxTokens?: number;
  /** Per-attempt timeout in milliseconds. Default: the SDK's (10 minutes). */
  timeoutMs?: number;
  /**
   * Prompt caching. `true` (default): cache breakpoints after the stable tools, the system prompt and
   * the conversation history, so each step reads what the one before wrote. `'prefix'`: the tools and
   * system prompt only (for one-shot requests, whose history write would never be read). `false`: none.
   */
  promptCaching?: boolean | 'prefix';
}

/**
 * Creates a model that streams from Anthropic's Messages API through the official SDK: text, parallel
 * tool calls, stop reasons, usage with cache reads and writes, prompt caching, abort through the
 * request's signal, and bounded retries, each wait announced. The id is `anthropic:<model>`; the key stays out of it.
 */
export function createAnthropicModel(options: AnthropicModelOptions): LanguageModel {
  const client = new Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseURL ?? ANTHROPIC_BASE_URL,
    // Retries are ours (streamWithRetries): bounded, and announced while waiting.
    maxRetries: 0,
    ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
  });
  const cache: AnthropicCacheMode = cacheMode(options.promptCaching ?? true);
  const retry = retryPolicy(options);

  function body(original: ModelRequest): MessageCreateParamsStreaming {
    // What the history holds is sent as the API accepts it (no blank text, every call answered).
    const request = { ...original, ...normalizeHistory(original) };
    const breakpoints = planCacheBreakpoints(request, cache, (index) =>
      isCacheableMessage(request.messages[index]),
    );
    const system = toAnthropicSystem(request.system, breakpoints.system);
    return {
      model: options.model,
      max_tokens: request.maxTokens ?? options.maxTokens ?? DEFAULT_MAX_TOKENS,
      messages: toAnthropicMessages(request.messages, breakpoints.messages),
      stream: true,
      ...(system ? { system } : {}),
      ...(request.tools.length > 0 ? { tools: toAnthropicTools(request.tools, breakpoints.tools) } : {}),
    };
  }

  return {
    id: `anthropic:${options.model}`,
    stream(request) {
      return streamAnthropicMessage(() => client.messages.create(body(request), { signal: request.signal }), {
        signal: request.signal,
        secrets: [options.apiKey],
        retry,
      });
    },
  };
}

function cacheMode(option: boolean | 'prefix'): AnthropicCacheMode {
  if (option === 'prefix') return option;
  return option ? 'conversation' : 'off';
}
