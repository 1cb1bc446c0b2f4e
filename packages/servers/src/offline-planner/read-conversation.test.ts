import type { ChatMessage } from '@switchboard/core';
import { describe, expect, test } from 'vitest';
import { compressedResultId, readConversation } from './read-conversation.ts';

const preview = (id: string) =>
  `{"products":[{"code":"DAI-001"… [compressed: recall('${id}') for the full result, 900 chars]`;

describe('readConversation', () => {
  const messages: ChatMessage[] = [
    { role: 'user', content: 'search milk' },
    {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 't1', name: 'shop_mcp_search_products', input: { query: 'milk' } }],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: preview('t1') }] },
    { role: 'assistant', content: [{ type: 'text', text: 'Found milk.' }] },
    { role: 'user', content: 'add the first one to my cart' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'recall', input: { id: 't1' } }] },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 't2', content: '{"products":[{"code":"DAI-001"}]}' }],
    },
  ];

  test('the request is the latest user text; the turn holds the calls made after it', () => {
    const conversation = readConversation(messages);
    expect(conversation.userText).toBe('add the first one to my cart');
    expect(conversation.turn.map((exchange) => exchange.call.id)).toEqual(['t2']);
    expect(conversation.all.map((exchange) => exchange.call.id)).toEqual(['t1', 't2']);
  });

  test('a compressed result gets its full text back from a recall of it', () => {
    const [search] = readConversation(messages).all;
    expect(search?.fullText).toBe('{"products":[{"code":"DAI-001"}]}');
    const [unrecalled] = readConversation(messages.slice(0, 3)).all;
    expect(unrecalled?.fullText).toBeUndefined();
    expect(compressedResultId(preview('t1'))).toBe('t1');
  });

  test('user messages in a row reach it as one message: the newest text is the request', () => {
    const conversation = readConversation([
      { role: 'user', content: 'what is 1 plus 2' },
      { role: 'assistant', content: [{ type: 'text', text: 'Result: 3' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'what is 1 plus 68' },
          { type: 'text', text: '[system note] The message above was not answered.' },
          { type: 'text', text: 'what is 1 plus 3' },
        ],
      },
    ]);
    expect(conversation.userText).toBe('what is 1 plus 3');
  });

  test('no user text: no request', () => {
    expect(readConversation([]).userText).toBeUndefined();
  });
});
