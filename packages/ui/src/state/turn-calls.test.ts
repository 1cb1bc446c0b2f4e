import type { AgentEvent, ToolCall } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { applyTurnCallEvent, NO_TURN_CALLS } from './turn-calls.ts';

const call = (id: string, name: string, extra: Partial<ToolCall> = {}): AgentEvent => ({
  type: 'CUSTOM',
  name: 'tool_call',
  timestamp: 0,
  value: { id, name, resolvedName: name, args: { a: 1 }, result: 'ok', elapsed: 12, guided: true, ...extra },
});

describe('applyTurnCallEvent', () => {
  it('files each finished call under the turn that made it, once', () => {
    let calls = applyTurnCallEvent(NO_TURN_CALLS, call('c1', 'x_mcp_search_tools'), 'u1');
    calls = applyTurnCallEvent(calls, call('c2', 'x_mcp_calculate', { error: 'boom' }), 'u1');
    calls = applyTurnCallEvent(calls, call('c2', 'x_mcp_calculate', { error: 'boom' }), 'u1');
    calls = applyTurnCallEvent(calls, call('c3', 'x_mcp_calculate'), 'u2');
    expect(calls).toEqual({
      u1: [
        { id: 'c1', name: 'x_mcp_search_tools', args: { a: 1 }, result: 'ok', elapsedMs: 12 },
        { id: 'c2', name: 'x_mcp_calculate', args: { a: 1 }, result: 'ok', elapsedMs: 12, error: 'boom' },
      ],
      u2: [{ id: 'c3', name: 'x_mcp_calculate', args: { a: 1 }, result: 'ok', elapsedMs: 12 }],
    });
  });

  it('ignores other events and calls outside a turn', () => {
    expect(applyTurnCallEvent(NO_TURN_CALLS, call('c1', 'x'), undefined)).toBe(NO_TURN_CALLS);
    const text: AgentEvent = { type: 'TEXT_MESSAGE_END', messageId: 'm', timestamp: 0 };
    expect(applyTurnCallEvent(NO_TURN_CALLS, text, 'u1')).toBe(NO_TURN_CALLS);
  });
});
