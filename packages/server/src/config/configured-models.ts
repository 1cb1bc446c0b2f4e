import type { LanguageModel } from '@switchboard/core';
import {
  createVendorModel,
  MODEL_VENDORS,
  type ModelVendor,
  modelFromEnvironment,
  type VendorModelOptions,
} from '@switchboard/providers';
import { createOfflinePlanner } from '@switchboard/servers/offline-planner';
import { modelLabel } from '../chat/model-label.ts';
import type { OperatorModel } from '../chat/model-resolver.ts';
import type { ModelPrice } from '../store/usage-breakdown.ts';
import type { SwitchboardConfig } from './switchboard-config.ts';

/** The operator's models, ready for `createGateway`: the default and the list users pick from by id. */
export interface ConfiguredModels {
  model: LanguageModel;
  models: OperatorModel[];
}

const MODEL_KEYS = [
  'id',
  'label',
  'vendor',
  'model',
  'baseUrl',
  'apiKeyEnv',
  'toolProtocol',
  'price',
  'default',
];
const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CURRENCY = /^[A-Z]{3}$/;
/** What a model entry's `vendor` may be: a vendor's API, or the offline planner (which calls none). */
const VENDORS: readonly string[] = [...MODEL_VENDORS, 'offline'];

/**
 * The operator's models: each of `models` made with the key its `apiKeyEnv` names, sent only to its
 * `baseUrl`, and the default. `SWITCHBOARD_MODEL` (else the file's `model`) names the default: an id
 * of `models`, or a spec made from the environment as without a list; else the entry marked
 * `default`, else the first. Without `models`, the default is the only model (the offline planner
 * when nothing is configured). Throws naming the entry and what to change: an unknown vendor or
 * key, a missing or unset key variable, a key written in the file, a duplicate id, a bad URL or
 * price, two defaults. Errors never quote a key.
 */
export function configuredModels(config: SwitchboardConfig, env: NodeJS.ProcessEnv): ConfiguredModels {
  const { models, marked } = listedModels(config.models, env);
  if (config.model !== undefined && marked && config.model !== marked.id)
    throw new Error(
      `"model" names ${JSON.stringify(config.model)} but models marks "${marked.id}" as the default: keep one of them`,
    );
  const named = env.SWITCHBOARD_MODEL?.trim() || config.model?.trim();
  if (named) {
    const listed = models.find((entry) => entry.id === named);
    return { model: listed?.model ?? modelFromSpec(named, env, models), models };
  }
  const first = marked ?? models[0];
  if (first) return { model: first.model, models };
  return { model: modelFromEnvironment(env) ?? createOfflinePlanner(), models };
}

/** The operator's default given as a spec, with its key from the environment (as without a list). */
function modelFromSpec(spec: string, env: NodeJS.ProcessEnv, models: OperatorModel[]): LanguageModel {
  try {
    return modelFromEnvironment({ ...env, SWITCHBOARD_MODEL: spec }) ?? createOfflinePlanner();
  } catch (error) {
    if (models.length === 0) throw error;
    throw new Error(
      `${(error as Error).message}; or name one of the configured models: ${models.map((entry) => entry.id).join(', ')}`,
    );
  }
}

/** The `models` of the file, checked and made; `marked` is the entry with `default: true`. */
function listedModels(
  value: unknown,
  env: NodeJS.ProcessEnv,
): { models: OperatorModel[]; marked?: OperatorModel } {
  if (value === undefined) return { models: [] };
  if (!Array.isArray(value))
    throw new Error('models must be a list of { "id", "label", "vendor", "model", "apiKeyEnv", … }');
  const models: OperatorModel[] = [];
  let marked: OperatorModel | undefined;
  for (const [index, entry] of value.entries()) {
    const model = listedModel(entry, index, env);
    if (models.some((other) => other.id === model.id))
      throw new Error(`two models have the id "${model.id}": give each an id of its own`);
    if ((entry as { default?: unknown }).default === true) {
      if (marked)
        throw new Error(`models "${marked.id}" and "${model.id}" are both marked default: keep one`);
      marked = model;
    }
    models.push(model);
  }
  return { models, marked };
}

/** One entry of `models`, checked, with its model made from its own settings and key. */
function listedModel(entry: unknown, index: number, env: NodeJS.ProcessEnv): OperatorModel {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw new Error(`models[${index}] must be an object: { "id", "vendor", "model", "apiKeyEnv", … }`);
  const settings = entry as Record<string, unknown>;
  const { id } = settings;
  if (typeof id !== 'string' || !MODEL_ID.test(id))
    throw new Error(
      `models[${index}].id must be what users pick the model by: letters, digits and . _ : / - (at most 100), e.g. "claude-sonnet"`,
    );
  const where = `model "${id}"`;
  if ('apiKey' in settings)
    throw new Error(
      `${where}: a key written in the configuration file is refused (the file is often shared or committed); put it in an environment variable and name that with apiKeyEnv`,
    );
  const unknown = Object.keys(settings).filter((key) => !MODEL_KEYS.includes(key));
  if (unknown.length > 0)
    throw new Error(`${where} has unknown keys: ${unknown.join(', ')} (known: ${MODEL_KEYS.join(', ')})`);
  const vendor = settings.vendor;
  if (typeof vendor !== 'string' || !VENDORS.includes(vendor))
    throw new Error(
      `${where}: vendor ${JSON.stringify(vendor)} is not supported; use one of ${VENDORS.join(', ')}`,
    );
  const { label, price } = settings;
  if (label !== undefined && (typeof label !== 'string' || label.trim() === ''))
    throw new Error(`${where}: label must be a non-empty string`);
  if (settings.default !== undefined && typeof settings.default !== 'boolean')
    throw new Error(`${where}: default must be true or false`);
  const made = vendor === 'offline' ? offlinePlanner(where, settings) : vendorModel(where, settings, env);
  return {
    id,
    label: (label as string | undefined)?.trim() ?? (vendor === 'offline' ? modelLabel(made) : id),
    vendor: vendor as string,
    ...(price !== undefined ? { price: checkedPrice(where, price) } : {}),
    model: made,
  };
}

/** A vendor's model, made from the entry's settings with the key its `apiKeyEnv` names. */
function vendorModel(
  where: string,
  settings: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
): LanguageModel {
  const vendor = settings.vendor as ModelVendor;
  const options: VendorModelOptions = {
    vendor,
    model: vendorModelName(where, settings.model),
    baseURL: checkedBaseUrl(where, vendor, settings.baseUrl),
    apiKey: keyFrom(where, vendor, settings.apiKeyEnv, env),
    toolProtocol: checkedToolProtocol(where, settings.toolProtocol),
  };
  try {
    return createVendorModel(options);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
}

/** The offline planner: it takes nothing but its id, label, price and default flag. */
function offlinePlanner(where: string, settings: Record<string, unknown>): LanguageModel {
  const extra = ['model', 'baseUrl', 'apiKeyEnv', 'toolProtocol'].filter((key) => key in settings);
  if (extra.length > 0)
    throw new Error(`${where}: the offline planner takes no ${extra.join(', ')} (it calls no vendor)`);
  return createOfflinePlanner();
}

function vendorModelName(where: string, model: unknown): string {
  if (typeof model !== 'string' || model.trim() === '')
    throw new Error(
      `${where}: "model" must be the vendor's name for it, e.g. "claude-sonnet-5-5" or "qwen3"`,
    );
  return model.trim();
}

function checkedBaseUrl(where: string, vendor: ModelVendor, baseUrl: unknown): string | undefined {
  if (baseUrl === undefined) {
    if (vendor === 'openai-compatible')
      throw new Error(`${where}: an openai-compatible model needs baseUrl, e.g. "http://127.0.0.1:11434/v1"`);
    return undefined;
  }
  const how = `${where}: baseUrl must be an http(s) URL without credentials, e.g. "http://127.0.0.1:11434/v1"`;
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl)) throw new Error(how);
  const url = new URL(baseUrl);
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) throw new Error(how);
  return baseUrl;
}

/** The key from the variable `apiKeyEnv` names; required for the vendors' own APIs. */
function keyFrom(
  where: string,
  vendor: ModelVendor,
  apiKeyEnv: unknown,
  env: NodeJS.ProcessEnv,
): string | undefined {
  if (apiKeyEnv === undefined) {
    if (vendor === 'anthropic' || vendor === 'openai')
      throw new Error(`${where}: vendor ${vendor} needs apiKeyEnv, the environment variable holding its key`);
    return undefined;
  }
  if (typeof apiKeyEnv !== 'string' || !VARIABLE_NAME.test(apiKeyEnv))
    throw new Error(`${where}: apiKeyEnv must name an environment variable, e.g. "ANTHROPIC_API_KEY"`);
  const key = env[apiKeyEnv]?.trim();
  if (!key) throw new Error(`${where} has no API key: set ${apiKeyEnv} (named by apiKeyEnv)`);
  return key;
}

function checkedToolProtocol(where: string, toolProtocol: unknown): 'native' | 'text' | undefined {
  if (toolProtocol === undefined || toolProtocol === 'native' || toolProtocol === 'text') return toolProtocol;
  throw new Error(`${where}: toolProtocol must be "native" (default) or "text"`);
}

function checkedPrice(where: string, price: unknown): ModelPrice {
  const how = `${where}: price must be { "input": <per million input tokens>, "output": <per million output tokens>, "currency"?: "USD" }`;
  if (typeof price !== 'object' || price === null || Array.isArray(price)) throw new Error(how);
  const { input, output, currency = 'USD', ...rest } = price as Record<string, unknown>;
  const amount = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
  if (Object.keys(rest).length > 0 || !amount(input) || !amount(output)) throw new Error(how);
  if (typeof currency !== 'string' || !CURRENCY.test(currency))
    throw new Error(`${where}: price.currency must be an ISO 4217 code such as "USD" or "EUR"`);
  return { input: input as number, output: output as number, currency };
}
