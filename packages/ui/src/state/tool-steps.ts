import type { AgentEvent, ToolProgress } from '@switchboard/core';

/** A tool call of the running turn that has not answered yet, with its last reported progress. */
export interface ToolStep extends Partial<ToolProgress> {
  toolCallId: string;
  name: string;
}

/**
 * Folds an agent event into the running tool calls: a call appears when the model starts it,
 * takes each `tool_progress` report, and disappears with its result, when the run discards it
 * (`model_output_discarded`: the model's reply broke off before the call was run), or when the run ends.
 * Returns a new list, or the same one when the event changes nothing.
 */
export function applyToolStepEvent(steps: readonly ToolStep[], event: AgentEvent): ToolStep[] {
  switch (event.type) {
    case 'TOOL_CALL_START':
      return [...steps, { toolCallId: event.toolCallId, name: event.toolCallName }];
    case 'TOOL_CALL_RESULT':
      return steps.filter((step) => step.toolCallId !== event.toolCallId);
    case 'RUN_FINISHED':
    case 'RUN_ERROR':
      return steps.length > 0 ? [] : (steps as ToolStep[]);
    case 'CUSTOM':
      if (event.name === 'model_output_discarded') return withoutCalls(steps, event.value);
      return event.name === 'tool_progress' ? withProgress(steps, event.value) : (steps as ToolStep[]);
    default:
      return steps as ToolStep[];
  }
}

function withProgress(steps: readonly ToolStep[], value: unknown): ToolStep[] {
  const { toolCallId, progress, total, message } = (value ?? {}) as Partial<ToolStep>;
  if (typeof progress !== 'number' || !steps.some((step) => step.toolCallId === toolCallId))
    return steps as ToolStep[];
  return steps.map((step) =>
    step.toolCallId === toolCallId
      ? {
          toolCallId: step.toolCallId,
          name: step.name,
          progress,
          ...(typeof total === 'number' && total > 0 ? { total } : {}),
          ...(typeof message === 'string' && message ? { message } : {}),
        }
      : step,
  );
}

/** The steps without the calls a `model_output_discarded` event names. */
function withoutCalls(steps: readonly ToolStep[], value: unknown): ToolStep[] {
  const ids = (value as { toolCallIds?: unknown } | null)?.toolCallIds;
  if (!Array.isArray(ids) || !steps.some((step) => ids.includes(step.toolCallId))) return steps as ToolStep[];
  return steps.filter((step) => !ids.includes(step.toolCallId));
}
