import type { ChatMessage, LanguageModel } from '@switchboard/core';
import { type ChatCompletionChunkLike, streamChatCompletion } from '../shared/stream-chat-completion.ts';
import {
  type TextToolProtocolOptions,
  withTextToolProtocol,
} from '../text-protocol/with-text-tool-protocol.ts';

/** One message as an `@mlc-ai/web-llm` engine takes it. */
export interface WebLlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The streamed chat request sent to the engine (OpenAI-style, as web-llm accepts it). */
export interface WebLlmChatRequest {
  messages: WebLlmMessage[];
  stream: true;
  stream_options: { include_usage: boolean };
  max_tokens?: number;
  temperature?: number;
}

/**
 * The part of an `@mlc-ai/web-llm` `MLCEngine` this adapter uses (a loaded engine, in a page or a
 * worker through `WebWorkerMLCEngine`). Defined here so that core and the server never load web-llm.
 */
export interface WebLlmEngine {
  chat: {
    completions: {
      create(request: WebLlmChatRequest): Promise<AsyncIterable<ChatCompletionChunkLike>>;
    };
  };
  /** Stops the running generation; called when the request is aborted. */
  interruptGenerate?(): void;
}

/** Options of {@link createWebLlmModel}. */
export interface WebLlmModelOptions {
  /** The engine's loaded model, e.g. `Qwen2.5-7B-Instruct-q4f16_1-MLC` (used in the id). */
  model: string;
  /** Output token limit when the request gives none. */
  maxTokens?: number;
  temperature?: number;
  /** How tools are described to the model and parsed from its replies. */
  textProtocol?: TextToolProtocolOptions;
}

/**
 * Creates a model running in the browser on WebGPU through an `@mlc-ai/web-llm` engine. Local models
 * get tools through the text protocol ({@link withTextToolProtocol}). The id is `web-llm:<model>`.
 * Aborting the request interrupts the engine's generation.
 */
export function createWebLlmModel(engine: WebLlmEngine, options: WebLlmModelOptions): LanguageModel {
  const base: LanguageModel = {
    id: `web-llm:${options.model}`,
    stream(request) {
      const maxTokens = request.maxTokens ?? options.maxTokens;
      const chatRequest: WebLlmChatRequest = {
        messages: toWebLlmMessages(request.system, request.messages),
        stream: true,
        stream_options: { include_usage: true },
        ...(maxTokens !== undefined ? { max_tokens: maxTokens } : {}),
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
      };
      return interruptOnAbort(engine, request.signal, () =>
        streamChatCompletion(() => engine.chat.completions.create(chatRequest), {
          vendor: 'web-llm',
          signal: request.signal,
          secrets: [],
          createId: () => `call_${crypto.randomUUID()}`,
        }),
      );
    },
  };
  return withTextToolProtocol(base, options.textProtocol);
}

async function* interruptOnAbort<T>(engine: WebLlmEngine, signal: AbortSignal, run: () => AsyncIterable<T>) {
  const interrupt = () => engine.interruptGenerate?.();
  signal.addEventListener('abort', interrupt, { once: true });
  try {
    yield* run();
  } finally {
    signal.removeEventListener('abort', interrupt);
  }
}

/** The text protocol has already turned every block into text; this joins what is left per message. */
function toWebLlmMessages(system: string, messages: readonly ChatMessage[]): WebLlmMessage[] {
  const result: WebLlmMessage[] = system ? [{ role: 'system', content: system }] : [];
  for (const message of messages) {
    const content =
      typeof message.content === 'string'
        ? message.content
        : message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
    result.push({ role: message.role, content });
  }
  return result;
}
