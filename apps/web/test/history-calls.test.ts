import { describe, expect, it } from 'vitest';
import { historyCalls } from '../src/lib/gateway/history-calls.ts';

describe('historyCalls', () => {
  it("reads a stored conversation's calls back under the turn that made them", () => {
    const calls = historyCalls([
      { id: 'u1', role: 'user', content: 'what is 5 plus 3' },
      {
        id: 'a1',
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'c1',
            function: { name: 'calc_mcp_calculate', arguments: '{"operation":"add","a":5,"b":3}' },
          },
          { id: 'c2', function: { name: 'autoui_webmcp_widget_display', arguments: '{"widget":"stat"}' } },
        ],
      },
      { id: 't1', role: 'tool', content: '8', tool_call_id: 'c1', name: 'calc_mcp_calculate' },
      { id: 't2', role: 'tool', content: '{"widget":"stat","id":"w_1"}', tool_call_id: 'c2' },
      { id: 'a2', role: 'assistant', content: 'Result: 8.' },
      { id: 'u2', role: 'user', content: 'checkout' },
      {
        id: 'a3',
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c3', function: { name: 'shop_mcp_checkout', arguments: 'oops' } }],
      },
      { id: 't3', role: 'tool', content: 'Error: no cart', tool_call_id: 'c3', is_error: true },
      {
        id: 'a4',
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c4', function: { name: 'shop_mcp_pay', arguments: '{}' } }],
      },
    ]);
    expect(calls).toEqual([
      {
        turnId: 'u1',
        id: 'c1',
        name: 'calc_mcp_calculate',
        args: { operation: 'add', a: 5, b: 3 },
        result: '8',
      },
      {
        turnId: 'u1',
        id: 'c2',
        name: 'autoui_webmcp_widget_display',
        args: { widget: 'stat' },
        result: '{"widget":"stat","id":"w_1"}',
        widgetId: 'w_1',
      },
      {
        turnId: 'u2',
        id: 'c3',
        name: 'shop_mcp_checkout',
        args: 'oops',
        result: 'Error: no cart',
        error: 'Error: no cart',
      },
    ]);
  });
});
