import type { ChatMessage } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { toApiMessages } from './to-api-messages.ts';

const history: ChatMessage[] = [
  { role: 'user', content: 'Add milk' },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Searching.' },
      { type: 'tool_use', id: 'call_1', name: 'shop_mcp_search_products', input: { query: 'milk' } },
      { type: 'tool_use', id: 'call_2', name: 'client_webmcp_get_location', input: {} },
    ],
  },
  {
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: 'call_1', content: '[{"code":"DAI-001"}]' },
      { type: 'tool_result', tool_use_id: 'call_2', content: 'denied', is_error: true },
      { type: 'text', text: 'Semi-skimmed, please.' },
    ],
  },
  { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
];

describe('toApiMessages', () => {
  it('turns tool_use blocks into tool_calls and each tool_result into a tool message with its name', () => {
    expect(toApiMessages(history)).toEqual([
      { role: 'user', content: 'Add milk' },
      {
        role: 'assistant',
        content: 'Searching.',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'shop_mcp_search_products', arguments: '{"query":"milk"}' },
          },
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'client_webmcp_get_location', arguments: '{}' },
          },
        ],
      },
      {
        role: 'tool',
        content: '[{"code":"DAI-001"}]',
        tool_call_id: 'call_1',
        name: 'shop_mcp_search_products',
      },
      {
        role: 'tool',
        content: 'denied',
        tool_call_id: 'call_2',
        name: 'client_webmcp_get_location',
        is_error: true,
      },
      { role: 'user', content: 'Semi-skimmed, please.' },
      { role: 'assistant', content: 'Done.' },
    ]);
  });

  it('names results whose call came earlier from the names it is given', () => {
    const [result] = toApiMessages([history[2]], new Map([['call_1', 'earlier_tool']]));
    expect(result).toMatchObject({ role: 'tool', name: 'earlier_tool' });
  });
});
