import type { LanguageModel } from '@switchboard/core';
import { createAnthropicModel } from '../anthropic/create-anthropic-model.ts';
import { createOpenAIModel } from '../openai/create-openai-model.ts';
import { withTextToolProtocol } from '../text-protocol/with-text-tool-protocol.ts';

/**
 * The vendors a server can make a model for: Anthropic's Messages API, OpenAI's Chat Completions
 * API, and any OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio, OpenRouter…). (The
 * offline planner, which calls no vendor, is `@switchboard/servers/offline-planner`.)
 */
export const MODEL_VENDORS = ['anthropic', 'openai', 'openai-compatible'] as const;

/** One of {@link MODEL_VENDORS}. */
export type ModelVendor = (typeof MODEL_VENDORS)[number];

/** Options of {@link createVendorModel}: one vendor's model, where it is and the key it is called with. */
export interface VendorModelOptions {
  vendor: ModelVendor;
  /** The vendor's name for the model, e.g. `claude-sonnet-5-5`, `gpt-5.4`, `qwen3`. */
  model?: string;
  /**
   * Where the vendor's API is; default: the vendor's own (`https://api.anthropic.com`,
   * `https://api.openai.com/v1`). Required for `openai-compatible`. The key is sent here and nowhere else.
   */
  baseURL?: string;
  /** The key, sent only to `baseURL`. Required for `anthropic` and `openai`; optional for local servers. */
  apiKey?: string;
  /** `native` (default): the vendor's tool calling; `text`: tools through the text protocol. */
  toolProtocol?: 'native' | 'text';
  maxTokens?: number;
  maxRetries?: number;
  timeoutMs?: number;
}

/**
 * Makes a vendor's model through its official-SDK adapter ({@link createAnthropicModel},
 * {@link createOpenAIModel}), wrapped with the text tool protocol when asked.
 * The key goes only to the given base URL: no environment variable is read. Throws naming what is
 * missing (the model's name, an `openai-compatible` base URL, a key the vendor requires).
 */
export function createVendorModel(options: VendorModelOptions): LanguageModel {
  const { vendor } = options;
  const model = options.model?.trim();
  if (!model) throw new Error(`a model of vendor ${vendor} needs the vendor's name for it`);
  if ((vendor === 'anthropic' || vendor === 'openai') && !options.apiKey)
    throw new Error(`the ${vendor} model ${model} needs an API key`);
  const common = {
    model,
    maxTokens: options.maxTokens,
    maxRetries: options.maxRetries,
    timeoutMs: options.timeoutMs,
  };
  let made: LanguageModel;
  if (vendor === 'anthropic') {
    made = createAnthropicModel({ ...common, apiKey: options.apiKey as string, baseURL: options.baseURL });
  } else {
    if (vendor === 'openai-compatible' && !options.baseURL)
      throw new Error(`the openai-compatible model ${model} needs the base URL of its server`);
    made = createOpenAIModel({ ...common, apiKey: options.apiKey, baseURL: options.baseURL });
  }
  return options.toolProtocol === 'text' ? withTextToolProtocol(made) : made;
}
