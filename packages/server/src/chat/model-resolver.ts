import type { LanguageModel } from '@switchboard/core';
import type { ModelPrice } from '../store/usage-breakdown.ts';
import { modelLabel } from './model-label.ts';
import { UnknownModelError } from './unknown-model-error.ts';

/** A model the operator offers: users pick it by `id`; `model` answers (made with the operator's key and base URL). */
export interface OperatorModel {
  id: string;
  /** How people are shown it. */
  label: string;
  /** The vendor (`anthropic`, `openai`, `openai-compatible`, `offline`…). */
  vendor: string;
  price?: ModelPrice;
  model: LanguageModel;
}

/** The operator's models: the list users pick from and the model of a turn. */
export interface ModelResolver {
  /** Every model offered, the default first; never a URL or key. */
  readonly offered: readonly OperatorModel[];
  /** The default's entry in {@link offered}. */
  readonly defaultEntry: OperatorModel;
  /** The model an id names; the default for null or undefined. Throws {@link UnknownModelError} for any other value. */
  resolve(id: string | null | undefined): LanguageModel;
}

/**
 * The resolver over the default model and the operator's other models. An entry of `models` holding
 * the default model itself is the default's entry; otherwise the default is offered under its own
 * id and label. Throws when two entries share an id. Nothing here makes a model: a turn only ever
 * gets one the operator configured.
 */
export function createModelResolver(
  defaultModel: LanguageModel,
  models: readonly OperatorModel[] = [],
): ModelResolver {
  const defaultEntry = models.find((entry) => entry.model === defaultModel) ?? {
    id: defaultModel.id,
    label: modelLabel(defaultModel),
    vendor: defaultModel.id.split(':')[0] ?? defaultModel.id,
    model: defaultModel,
  };
  const offered = [defaultEntry, ...models.filter((entry) => entry !== defaultEntry)];
  const byId = new Map<string, OperatorModel>();
  for (const entry of offered) {
    if (byId.has(entry.id))
      throw new Error(`two models have the id "${entry.id}": give each configured model an id of its own`);
    byId.set(entry.id, entry);
  }
  return {
    offered,
    defaultEntry,
    resolve(id) {
      if (id === null || id === undefined) return defaultModel;
      const entry = byId.get(id);
      if (!entry) throw new UnknownModelError(id, [...byId.keys()]);
      return entry.model;
    },
  };
}
