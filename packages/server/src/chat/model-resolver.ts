import type { LanguageModel } from '@switchboard/core';

/** Chooses the model of a turn: the conversation's, by spec, or the gateway's default. */
export interface ModelResolver {
  readonly defaultModel: LanguageModel;
  /** The model for a spec (`anthropic:<model>`, …); the default for null. Throws for an unusable spec. */
  resolve(spec: string | null | undefined): LanguageModel;
}

/** A resolver over a default model and an optional factory for specs; models are made once per spec. */
export function createModelResolver(
  defaultModel: LanguageModel,
  fromSpec?: (spec: string) => LanguageModel,
): ModelResolver {
  const made = new Map<string, LanguageModel>();
  return {
    defaultModel,
    resolve(spec) {
      if (!spec || spec === defaultModel.id) return defaultModel;
      const known = made.get(spec);
      if (known) return known;
      if (!fromSpec)
        throw new Error(
          `this gateway only serves the model ${defaultModel.id}; remove "model" or set it to that id`,
        );
      const model = fromSpec(spec);
      made.set(spec, model);
      return model;
    },
  };
}
