import type { LanguageModel, ModelRequest } from '@switchboard/core';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { retryPolicy } from '../shared/retry-policy.ts';
import { streamChatCompletion } from '../shared/stream-chat-completion.ts';
import { toOpenAIMessages } from './to-openai-messages.ts';
import { toOpenAITools } from './to-openai-tools.ts';

/** The official OpenAI endpoint, used when no base URL is given. */
const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** Options of {@link createOpenAIModel}. */
export interface OpenAIModelOptions {
  /** Required for api.openai.com; local servers (Ollama, llama.cpp, …) usually need none. */
  apiKey?: string;
  /** The model name the server knows, e.g. `gpt-4.1` or `qwen3`. */
  model: string;
  /** Any OpenAI-compatible endpoint, e.g. `http://127.0.0.1:11434/v1`. Defaults to OpenAI's. */
  baseURL?: string;
  /** Retries on 408/409/429/5xx and connection errors, honouring `retry-after`. Default 2. */
  maxRetries?: number;
  /** The longest wait before a retry; a vendor asking for more fails the call at once. Default 15 s. */
  maxRetryWaitMs?: number;
  /** The most waiting for retries in one call. Default 30 s. */
  retryBudgetMs?: number;
  /** Output token limit when the request gives none. Omitted from the request when unset. */
  maxTokens?: number;
  /** Per-attempt timeout in milliseconds. Default: the SDK's (10 minutes). */
  timeoutMs?: number;
  /**
   * Which request field carries the token limit. Default: `max_completion_tokens` for OpenAI itself
   * (its newer models reject `max_tokens`), `max_tokens` for other servers (which may not know the newer one).
   */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
  /** Ask for the final usage chunk (`stream_options.include_usage`). Default true. */
  includeUsage?: boolean;
  /** Set `strict: true` on tools whose schema allows it. Default true. */
  strictTools?: boolean;
}

/**
 * Creates a model that streams from the Chat Completions API through the official `openai` SDK: OpenAI,
 * or any compatible server (Ollama, vLLM, llama.cpp server, LM Studio, OpenRouter) through `baseURL`.
 * The id is `openai:<model>` for OpenAI and `openai-compatible:<model>` otherwise; the key and the URL
 * are kept out of it.
 */
export function createOpenAIModel(options: OpenAIModelOptions): LanguageModel {
  const baseURL = options.baseURL ?? OPENAI_BASE_URL;
  const official = new URL(baseURL).hostname === 'api.openai.com';
  if (official && !options.apiKey) {
    throw new Error(
      `createOpenAIModel: an apiKey is required for ${OPENAI_BASE_URL} (model ${options.model})`,
    );
  }
  const client = new OpenAI({
    // Local servers ignore the key, but the SDK insists on one.
    apiKey: options.apiKey || 'no-key',
    baseURL,
    // Retries are ours (streamWithRetries): bounded, and announced while waiting.
    maxRetries: 0,
    ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
  });
  const maxTokensField = options.maxTokensField ?? (official ? 'max_completion_tokens' : 'max_tokens');
  const vendor = official ? 'OpenAI' : 'OpenAI-compatible';
  const retry = retryPolicy(options);

  function body(request: ModelRequest): ChatCompletionCreateParamsStreaming {
    const maxTokens = request.maxTokens ?? options.maxTokens;
    return {
      model: options.model,
      messages: toOpenAIMessages(request.system, request.messages),
      stream: true,
      ...(options.includeUsage === false ? {} : { stream_options: { include_usage: true } }),
      ...(request.tools.length > 0
        ? { tools: toOpenAITools(request.tools, options.strictTools ?? true) }
        : {}),
      ...(maxTokens !== undefined ? { [maxTokensField]: maxTokens } : {}),
    };
  }

  return {
    id: `${official ? 'openai' : 'openai-compatible'}:${options.model}`,
    stream(request) {
      return streamChatCompletion(
        () => client.chat.completions.create(body(request), { signal: request.signal }),
        {
          vendor,
          signal: request.signal,
          secrets: [options.apiKey],
          createId: () => `call_${crypto.randomUUID()}`,
          retry,
        },
      );
    },
  };
}
