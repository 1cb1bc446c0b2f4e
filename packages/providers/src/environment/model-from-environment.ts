import type { LanguageModel } from '@switchboard/core';
import { redactSecrets } from '../shared/redact-secrets.ts';
import { createVendorModel } from '../vendor-model/create-vendor-model.ts';
import { hideCredentials, type ModelSpec, parseModelSpec } from './parse-model-spec.ts';

/** The Anthropic model used when only `ANTHROPIC_API_KEY` is set. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';

/** The OpenAI model used when only `OPENAI_API_KEY` is set. */
export const DEFAULT_OPENAI_MODEL = 'gpt-5.4';

/** The environment variables read (any other entries are ignored). */
export interface ModelEnvironment {
  SWITCHBOARD_MODEL?: string;
  /** `native` (default) or `text`: wrap the model with the text tool protocol. */
  SWITCHBOARD_TOOL_PROTOCOL?: string;
  ANTHROPIC_API_KEY?: string;
  ANTHROPIC_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  [name: string]: string | undefined;
}

/** Options of {@link modelFromEnvironment}. */
export interface ModelFromEnvironmentOptions {
  maxTokens?: number;
  maxRetries?: number;
  timeoutMs?: number;
  defaultAnthropicModel?: string;
  defaultOpenAIModel?: string;
}

/**
 * Chooses the model from environment variables. `SWITCHBOARD_MODEL` names it (`anthropic:<model>`,
 * `openai:<model>`, `openai-compatible:<base URL>#<model>`, `offline`); without it, `ANTHROPIC_API_KEY`
 * selects Anthropic, else `OPENAI_API_KEY` selects OpenAI (at `OPENAI_BASE_URL` when set). Returns
 * `undefined` when nothing is configured (or `offline` is asked for): the caller then uses the offline
 * planner. Throws an error naming the missing variable when the chosen model has no key. Keys never
 * appear in errors or in the model's id.
 */
export function modelFromEnvironment(
  env: ModelEnvironment,
  options: ModelFromEnvironmentOptions = {},
): LanguageModel | undefined {
  const secrets = [value(env, 'ANTHROPIC_API_KEY'), value(env, 'OPENAI_API_KEY')];
  try {
    const spec = chooseSpec(env, options);
    return spec && createModel(spec, env, options);
  } catch (error) {
    throw new Error(redactSecrets((error as Error).message, secrets));
  }
}

function chooseSpec(env: ModelEnvironment, options: ModelFromEnvironmentOptions): ModelSpec | undefined {
  const spec = value(env, 'SWITCHBOARD_MODEL');
  if (spec) return parseModelSpec(spec);
  if (value(env, 'ANTHROPIC_API_KEY')) {
    return { vendor: 'anthropic', model: options.defaultAnthropicModel ?? DEFAULT_ANTHROPIC_MODEL };
  }
  if (value(env, 'OPENAI_API_KEY')) {
    return { vendor: 'openai', model: options.defaultOpenAIModel ?? DEFAULT_OPENAI_MODEL };
  }
  return undefined;
}

function createModel(
  spec: ModelSpec,
  env: ModelEnvironment,
  options: ModelFromEnvironmentOptions,
): LanguageModel | undefined {
  if (spec.vendor === 'offline') return undefined;
  const common = {
    model: spec.model,
    maxTokens: options.maxTokens,
    maxRetries: options.maxRetries,
    timeoutMs: options.timeoutMs,
    toolProtocol: toolProtocol(value(env, 'SWITCHBOARD_TOOL_PROTOCOL')),
  };
  switch (spec.vendor) {
    case 'anthropic':
      return createVendorModel({
        ...common,
        vendor: 'anthropic',
        apiKey: required(env, 'ANTHROPIC_API_KEY', `anthropic:${spec.model}`),
        baseURL: urlValue(env, 'ANTHROPIC_BASE_URL'),
      });
    case 'openai':
      return createVendorModel({
        ...common,
        vendor: 'openai',
        apiKey: required(env, 'OPENAI_API_KEY', `openai:${spec.model}`),
        baseURL: urlValue(env, 'OPENAI_BASE_URL'),
      });
    case 'openai-compatible': {
      const baseURL = spec.baseURL ?? urlValue(env, 'OPENAI_BASE_URL');
      if (!baseURL) {
        throw new Error(
          `SWITCHBOARD_MODEL=openai-compatible:${spec.model} needs the server's URL: set OPENAI_BASE_URL (e.g. http://127.0.0.1:11434/v1) or write openai-compatible:<base URL>#${spec.model}`,
        );
      }
      return createVendorModel({
        ...common,
        vendor: 'openai-compatible',
        apiKey: value(env, 'OPENAI_API_KEY'),
        baseURL,
      });
    }
  }
}

function toolProtocol(protocol: string | undefined): 'native' | 'text' {
  if (protocol === undefined || protocol === 'native' || protocol === 'text') return protocol ?? 'native';
  throw new Error(
    `SWITCHBOARD_TOOL_PROTOCOL='${protocol}' is not supported; use 'native' (default) or 'text'`,
  );
}

function required(env: ModelEnvironment, name: string, model: string): string {
  const key = value(env, name);
  if (!key) {
    throw new Error(
      `The model ${model} needs ${name}, which is not set. Set ${name}, or choose another model with SWITCHBOARD_MODEL.`,
    );
  }
  return key;
}

/** A variable that must hold an http(s) URL when set. */
function urlValue(env: ModelEnvironment, name: string): string | undefined {
  const url = value(env, name);
  if (url !== undefined && !(URL.canParse(url) && /^https?:$/.test(new URL(url).protocol))) {
    throw new Error(`${name}='${hideCredentials(url)}' is not an http(s) URL`);
  }
  return url;
}

/** A variable's trimmed value; empty counts as unset. */
function value(env: ModelEnvironment, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}
