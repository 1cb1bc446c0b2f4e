import type { LanguageModel } from '@switchboard/core';
import { createScriptedModel, type ScriptedReply } from '@switchboard/core/testing';
import { createOfflinePlanner } from '@switchboard/servers/offline-planner';
import { pacedModel } from './paced-model.ts';

/** A scripted conversation a page can set before the app loads (`window.__SWITCHBOARD_SCRIPT__`). */
export interface PageScript {
  turns: ScriptedReply[];
  /** Delay before each streamed word, in milliseconds. */
  delayMs?: number;
}

/** The model of standalone mode, and how the UI names it. */
export interface ChosenModel {
  model: LanguageModel;
  label: string;
}

/**
 * Standalone mode's model: a scripted model when the page set a script (demos and browser tests),
 * otherwise the offline planner — deterministic, no network, and not a language model (the label says so).
 */
export function chooseModel(script: unknown): ChosenModel {
  const candidate = script as Partial<PageScript> | undefined;
  if (candidate && Array.isArray(candidate.turns)) {
    const model = pacedModel(
      createScriptedModel(candidate.turns, { id: 'scripted:page' }),
      Number(candidate.delayMs) || 0,
    );
    return { model, label: 'Scripted demo (not a language model)' };
  }
  return { model: createOfflinePlanner(), label: 'Offline planner (not a language model)' };
}
