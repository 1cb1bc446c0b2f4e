/**
 * `@switchboard/core/testing` — test doubles for deterministic tests of code built on the runtime:
 * a scripted model that plays back prepared replies. Browser-safe, like the main entry.
 */
export {
  createScriptedModel,
  type ScriptedModel,
  type ScriptedReply,
  type ScriptedTurn,
} from './scripted-model.ts';
