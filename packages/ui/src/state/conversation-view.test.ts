import type { AgentEvent } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { userEntry } from './chat-log.ts';
import { applyAgentEvent, type ConversationView, EMPTY_CONVERSATION_VIEW } from './conversation-view.ts';

const at = (event: Record<string, unknown>) => ({ timestamp: 1, ...event }) as AgentEvent;
const custom = (name: string, value: unknown) => at({ type: 'CUSTOM', name, value });

/** A turn: the person asks, the model calls a tool, answers, reports its usage, and asks for an approval. */
const TURN: AgentEvent[] = [
  at({ type: 'RUN_STARTED', threadId: 't', runId: 'r1' }),
  at({ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'shop_mcp_search' }),
  at({ type: 'TOOL_CALL_END', toolCallId: 'c1' }),
  at({ type: 'TOOL_CALL_RESULT', toolCallId: 'c1', messageId: 'r_c1', content: '3 lamps' }),
  custom('tool_call', {
    id: 'c1',
    name: 'shop_mcp_search',
    resolvedName: 'shop_mcp_search',
    args: { q: 'lamp' },
    result: '3 lamps',
    elapsed: 40,
  }),
  at({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }),
  at({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Three lamps.' }),
  at({ type: 'TEXT_MESSAGE_END', messageId: 'm1' }),
  custom('metrics', {
    iterations: 2,
    toolCalls: 1,
    toolErrors: 0,
    guidedCalls: 0,
    modelCalls: 2,
    usage: { inputTokens: 1_000_000, outputTokens: 500_000 },
    elapsedMs: 900,
  }),
  custom('awaiting_approval', {
    toolCalls: [{ id: 'c2', name: 'shop_mcp_buy', input: { sku: 'L1' }, extra: 1 }],
  }),
];

describe('applyAgentEvent', () => {
  it('builds every part a page shows of a turn from its events', () => {
    const start: ConversationView = { ...EMPTY_CONVERSATION_VIEW, chat: [userEntry('lamps?', 'u1')] };
    const view = TURN.reduce(
      (current, event) => applyAgentEvent(current, event, { input: 3, output: 15, currency: 'USD' }),
      start,
    );

    expect(view.chat.map((entry) => [entry.role, entry.text])).toEqual([
      ['user', 'lamps?'],
      ['assistant', 'Three lamps.'],
    ]);
    // The reply carries its usage, priced with the model's price per million tokens.
    expect(view.chat[1]).toMatchObject({
      usage: { inputTokens: 1_000_000, outputTokens: 500_000, cost: { amount: 10.5, currency: 'USD' } },
    });
    // The call is filed under the person's message; its step showed while it ran.
    expect(view.turnCalls.u1?.map((call) => call.name)).toEqual(['shop_mcp_search']);
    const running = TURN.slice(0, 2).reduce((current, event) => applyAgentEvent(current, event), start);
    expect(running.steps.map((step) => step.name)).toEqual(['shop_mcp_search']);
    expect(view.steps).toEqual([]);
    expect(view.console.entries.length).toBeGreaterThan(0);
    expect(view.approvals).toEqual([{ id: 'c2', name: 'shop_mcp_buy', input: { sku: 'L1' } }]);
  });

  it('keeps every part an event does not concern as it was', () => {
    const view = applyAgentEvent(EMPTY_CONVERSATION_VIEW, custom('tools_activated', {}));
    for (const part of [
      'chat',
      'steps',
      'serverRequests',
      'connects',
      'turnCalls',
      'widgetSources',
      'approvals',
    ] as const)
      expect(view[part]).toBe(EMPTY_CONVERSATION_VIEW[part]);
  });
});
