import { describe, expect, it } from 'vitest';
import { shoppingHistory as history } from '../../test/support/shopping-history.ts';
import { toApiMessages } from './to-api-messages.ts';

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
