import { isPresentationTool } from '@switchboard/autoui';
import type { AgentEvent, ToolCall } from '@switchboard/core';

/** The call whose result a widget shows. */
export interface WidgetSource {
  name: string;
  args: unknown;
}

/** What the canvas knows of where its widgets come from. */
export interface WidgetSources {
  /** The last call of the running turn that was not a discovery, display or canvas call. */
  lastCall?: WidgetSource;
  /** The source call of each widget, by block id. */
  byWidget: Readonly<Record<string, WidgetSource>>;
}

/** Before any call. */
export const NO_WIDGET_SOURCES: WidgetSources = Object.freeze({ byWidget: Object.freeze({}) });

/** Tools that find or re-read results rather than produce them (autoui's presentation tools show them). */
const DISCOVERY = /(?:^|_)(?:search_tools|list_tools|recall)$/;

/** True for a tool that finds, shows or arranges results rather than producing them. */
function isPlumbing(toolName: string): boolean {
  return DISCOVERY.test(toolName) || isPresentationTool(toolName);
}

/**
 * Folds an agent event into the widgets' sources: a finished call that produces a result is
 * remembered, and the next `widget` event is recorded as showing it (so a widget can say, on hover,
 * which call it shows).
 */
export function applyWidgetSourceEvent(sources: WidgetSources, event: AgentEvent): WidgetSources {
  if (event.type === 'RUN_STARTED') return { byWidget: sources.byWidget };
  if (event.type !== 'CUSTOM') return sources;
  if (event.name === 'tool_call') {
    const call = event.value as ToolCall;
    if (typeof call?.name !== 'string' || isPlumbing(call.name) || call.error) return sources;
    return { ...sources, lastCall: { name: call.name, args: call.args } };
  }
  const id = (event.value as { id?: unknown } | null)?.id;
  if (event.name !== 'widget' || typeof id !== 'string' || sources.lastCall === undefined) return sources;
  return { ...sources, byWidget: { ...sources.byWidget, [id]: sources.lastCall } };
}
