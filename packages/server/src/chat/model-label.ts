import type { LanguageModel } from '@switchboard/core';

/**
 * How people are told which model answers: the model's id, or — for the offline planner, which is
 * not a language model — a plain statement saying so.
 */
export function modelLabel(model: Pick<LanguageModel, 'id'>): string {
  return isOfflinePlanner(model) ? 'Offline planner (not a language model)' : model.id;
}

/** Whether the model is the offline planner (`offline:planner`), the default when none is configured. */
export function isOfflinePlanner(model: Pick<LanguageModel, 'id'>): boolean {
  return model.id.startsWith('offline:');
}
