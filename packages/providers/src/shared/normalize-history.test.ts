import type { ChatMessage } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { MISSING_RESULT_TEXT, normalizeHistory } from './normalize-history.ts';

const call = (id: string) => ({ type: 'tool_use' as const, id, name: 'shop_mcp_search', input: {} });
const result = (id: string, content = 'ok') => ({ type: 'tool_result' as const, tool_use_id: id, content });
const text = (value: string) => ({ type: 'text' as const, text: value });
const missing = (id: string) => ({
  type: 'tool_result' as const,
  tool_use_id: id,
  content: MISSING_RESULT_TEXT,
  is_error: true,
});

describe('normalizeHistory', () => {
  it('drops a whitespace-only model step before a tool call and a whitespace-only final answer', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'search milk' },
      { role: 'assistant', content: [text('\n\n'), call('a')] },
      { role: 'user', content: [result('a')] },
      { role: 'assistant', content: ' \n' },
      { role: 'user', content: 'and cheese?' },
    ];
    expect(normalizeHistory({ messages }).messages).toEqual([
      { role: 'user', content: 'search milk' },
      { role: 'assistant', content: [call('a')] },
      { role: 'user', content: [result('a'), text('and cheese?')] },
    ]);
  });

  it('sends two user messages in a row (a failed turn) as one', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'empty my cart' },
      { role: 'user', content: [text('show my cart')] },
    ];
    expect(normalizeHistory({ messages }).messages).toEqual([
      { role: 'user', content: [text('empty my cart'), text('show my cart')] },
    ]);
  });

  it('answers calls a stop left without results and drops results that answer no call', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: [result('ghost'), text('hi')] },
      { role: 'assistant', content: [text('Looking.'), call('a'), call('b')] },
      { role: 'user', content: [text('stop, show my cart instead'), result('b'), result('ghost')] },
      { role: 'assistant', content: [call('c')] },
    ];
    expect(normalizeHistory({ messages }).messages).toEqual([
      { role: 'user', content: [text('hi')] },
      { role: 'assistant', content: [text('Looking.'), call('a'), call('b')] },
      { role: 'user', content: [missing('a'), result('b'), text('stop, show my cart instead')] },
      { role: 'assistant', content: [call('c')] },
      { role: 'user', content: [missing('c')] },
    ]);
  });

  it('answers an assistant step followed by another without results between them', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [call('a')] },
      { role: 'assistant', content: 'Done.' },
      { role: 'assistant', content: 'Anything else? ' },
    ];
    expect(normalizeHistory({ messages }).messages).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [call('a')] },
      { role: 'user', content: [missing('a')] },
      { role: 'assistant', content: [text('Done.'), text('Anything else?')] },
    ]);
  });

  it('counts the stable prefix in normalized messages', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: '\n' },
      { role: 'user', content: 'again' },
      { role: 'assistant', content: [call('a')] },
      { role: 'user', content: [result('a')] },
    ];
    const normalized = normalizeHistory({ messages, stableMessageCount: 4 });
    expect(normalized.messages).toHaveLength(3);
    expect(normalized.stableMessageCount).toBe(2);
    expect(normalizeHistory({ messages }).stableMessageCount).toBeUndefined();
  });

  it('leaves a valid history as it is', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'search milk' },
      { role: 'assistant', content: [text('Searching.'), call('a')] },
      { role: 'user', content: [result('a')] },
      { role: 'assistant', content: 'Two milks.' },
    ];
    expect(normalizeHistory({ messages }).messages).toEqual(messages);
  });
});
