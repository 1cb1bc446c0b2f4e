import type { AgentEvent } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { applyConsoleEvent, EMPTY_CONSOLE } from './console-log.ts';

const custom = (name: string, value: unknown) =>
  ({ type: 'CUSTOM', name, value, timestamp: 5 }) as AgentEvent;

describe('applyConsoleEvent', () => {
  it('counts iterations, tokens, tool calls and errors', () => {
    const events: AgentEvent[] = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r1', timestamp: 1 },
      custom('iteration', { iteration: 1 }),
      custom('model_request', { iteration: 1, tools: 6, messages: 1 }),
      custom('model_response', {
        finish: 'tool_use',
        usage: { inputTokens: 100, outputTokens: 20 },
        toolCalls: 2,
      }),
      custom('tool_call', {
        id: 'a',
        name: 'calc_webmcp_add',
        resolvedName: 'x',
        args: {},
        result: '3',
        elapsed: 4,
        guided: false,
      }),
      custom('tool_call', {
        id: 'b',
        name: 'autoui_webmcp_widget_display',
        resolvedName: 'x',
        args: {},
        result: 'e',
        elapsed: 1,
        guided: true,
        error: 'Validation failed',
      }),
      custom('metrics', { elapsedMs: 42 }),
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r1', result: { stopReason: 'end_turn' }, timestamp: 9 },
    ];
    const state = events.reduce(applyConsoleEvent, EMPTY_CONSOLE);
    expect(state).toMatchObject({
      running: false,
      iteration: 1,
      toolCalls: 2,
      toolErrors: 1,
      tokens: { input: 100, output: 20 },
      elapsedMs: 42,
    });
    expect(state.entries.map((entry) => entry.kind)).toEqual([
      'run',
      'iteration',
      'model_request',
      'model_response',
      'tool_call',
      'tool_call',
      'run',
    ]);
    expect(state.entries[4].summary).toBe('calc_webmcp_add — 4 ms');
    expect(state.entries[5]).toMatchObject({ error: 'Validation failed', elapsedMs: 1 });
  });
});
