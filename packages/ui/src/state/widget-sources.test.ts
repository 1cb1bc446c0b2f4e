import type { AgentEvent } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { applyWidgetSourceEvent, NO_WIDGET_SOURCES, type WidgetSources } from './widget-sources.ts';

const call = (name: string, args: unknown, error?: string): AgentEvent => ({
  type: 'CUSTOM',
  name: 'tool_call',
  timestamp: 0,
  value: { id: name, name, resolvedName: name, args, result: '', elapsed: 1, guided: true, error },
});
const widget = (id: string): AgentEvent => ({
  type: 'CUSTOM',
  name: 'widget',
  timestamp: 0,
  value: { id, type: 'stat', data: {}, toolCallId: 'w' },
});
const fold = (events: AgentEvent[]) =>
  events.reduce<WidgetSources>((sources, event) => applyWidgetSourceEvent(sources, event), NO_WIDGET_SOURCES);

describe('applyWidgetSourceEvent', () => {
  it('records the call a widget shows, passing over discovery and display calls and failures', () => {
    const sources = fold([
      call('calc_mcp_search_tools', { query: 'plus' }),
      call('calc_mcp_calculate', { a: 5 }),
      call('calc_mcp_calculate', { a: 6 }, 'failed'),
      call('autoui_webmcp_widget_display', { name: 'stat' }),
      widget('w_1'),
    ]);
    expect(sources.byWidget).toEqual({ w_1: { name: 'calc_mcp_calculate', args: { a: 5 } } });
  });

  it('does not carry a call over to a widget of a later run', () => {
    const sources = fold([
      call('calc_mcp_calculate', { a: 5 }),
      { type: 'RUN_STARTED', runId: 'r2', threadId: 't', timestamp: 0 } as AgentEvent,
      widget('w_2'),
    ]);
    expect(sources.byWidget).toEqual({});
  });
});
