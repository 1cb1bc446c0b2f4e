import type { ChatMessage } from '@switchboard/core';

/**
 * A runtime history with every block the API messages carry: a plain user message, text with two
 * tool calls (one to a remote MCP tool, one to a client WebMCP tool), their results (one refused)
 * with the user's text beside them, and a closing answer.
 */
export const shoppingHistory: ChatMessage[] = [
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
