import type { AgentEvent, CustomEventMap, ToolCall } from '@switchboard/core';
import { applyTurnCallEvent, NO_TURN_CALLS, type TurnCalls } from './turn-calls.ts';
import { applyWidgetSourceEvent, NO_WIDGET_SOURCES, type WidgetSources } from './widget-sources.ts';

/** A finished tool call read back from a stored conversation. */
export interface HistoryCall {
  /** The id of the user message whose turn made the call. */
  turnId: string;
  id: string;
  /** The name the model used. */
  name: string;
  args: unknown;
  /** The text the model got back. */
  result: string;
  error?: string;
  /** Wall time, when the store kept it. */
  elapsedMs?: number;
  /** The widget the call put on the canvas (a `widget_display` call), when it put one. */
  widgetId?: string;
}

/**
 * The chips and the widgets' sources of a stored conversation's calls, as they were when the calls
 * were streamed: each call is folded in, in order, as the `tool_call` event (and the `widget` event
 * of the widget it showed) that the running turn delivered.
 */
export function restoreCalls(history: readonly HistoryCall[]): { calls: TurnCalls; sources: WidgetSources } {
  let calls = NO_TURN_CALLS;
  let sources = NO_WIDGET_SOURCES;
  let turn: string | undefined;
  for (const call of history) {
    if (call.turnId !== turn) {
      turn = call.turnId;
      sources = applyWidgetSourceEvent(sources, {
        type: 'RUN_STARTED',
        threadId: '',
        runId: turn,
        timestamp: 0,
      });
    }
    const event: AgentEvent = {
      type: 'CUSTOM',
      name: 'tool_call',
      timestamp: 0,
      value: {
        id: call.id,
        name: call.name,
        resolvedName: call.name,
        args: call.args,
        result: call.result,
        ...(call.error ? { error: call.error } : {}),
        ...(call.elapsedMs !== undefined ? { elapsed: call.elapsedMs } : {}),
        guided: false,
        // A stored call may not know how long it took: its elapsed time stays unset.
      } as ToolCall,
    };
    calls = applyTurnCallEvent(calls, event, turn);
    sources = applyWidgetSourceEvent(sources, event);
    if (call.widgetId !== undefined)
      sources = applyWidgetSourceEvent(sources, {
        type: 'CUSTOM',
        name: 'widget',
        timestamp: 0,
        // Only the widget's id matters to the sources.
        value: { id: call.widgetId } as CustomEventMap['widget'],
      });
  }
  return { calls, sources };
}
