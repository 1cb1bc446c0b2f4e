import { describe, expect, it } from 'vitest';
import { sessionHistory } from '../src/lib/standalone/session-history.ts';

describe('sessionHistory', () => {
  it("files the session's calls under the chat's user messages, in order", () => {
    const history = sessionHistory(
      [
        { role: 'user', content: 'what is 5 plus 3' },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'c1', name: 'calc_webmcp_calculate', input: { a: 5, b: 3 } },
            { type: 'tool_use', id: 'c2', name: 'autoui_webmcp_widget_display', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'c1', content: '8' },
            { type: 'tool_result', tool_use_id: 'c2', content: '{"id":"w_1"}' },
          ],
        },
        { role: 'assistant', content: 'Result: 8.' },
        { role: 'user', content: [{ type: 'text', text: 'check out' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'c3', name: 'shop_mcp_checkout', input: {} }],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'c3', content: 'empty', is_error: true }],
        },
      ],
      [
        { id: 'u1', role: 'user', text: 'what is 5 plus 3' },
        { id: 'a1', role: 'assistant', text: 'Result: 8.' },
        { id: 'u2', role: 'user', text: 'check out' },
      ],
    );
    expect(history).toEqual([
      { turnId: 'u1', id: 'c1', name: 'calc_webmcp_calculate', args: { a: 5, b: 3 }, result: '8' },
      {
        turnId: 'u1',
        id: 'c2',
        name: 'autoui_webmcp_widget_display',
        args: {},
        result: '{"id":"w_1"}',
        widgetId: 'w_1',
      },
      { turnId: 'u2', id: 'c3', name: 'shop_mcp_checkout', args: {}, result: 'empty', error: 'empty' },
    ]);
  });

  it('files nothing under a request the chat does not show', () => {
    expect(
      sessionHistory(
        [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'x', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'ok' }] },
        ],
        [],
      ),
    ).toEqual([]);
  });
});
