import { describe, expect, it } from 'vitest';
import { anthropicMessagesError } from './anthropic-message-rules.ts';
import { openaiMessagesError } from './openai-message-rules.ts';

const messageOf = (reply: ReturnType<typeof anthropicMessagesError>) =>
  (reply?.body as { error?: { message?: string } } | undefined)?.error?.message;

const use = (id: string) => ({ type: 'tool_use', id, name: 'search', input: {} });
const result = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: 'ok' });

describe('anthropicMessagesError', () => {
  it('refuses whitespace-only and empty text, and an empty message', () => {
    const whitespace = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'text', text: '\n\n' }, use('a')] },
      { role: 'user', content: [result('a')] },
    ];
    expect(messageOf(anthropicMessagesError({ messages: whitespace }))).toBe(
      'messages: text content blocks must contain non-whitespace text',
    );
    expect(
      messageOf(
        anthropicMessagesError({ messages: [{ role: 'user', content: [{ type: 'text', text: '' }] }] }),
      ),
    ).toBe('messages.0.content.0: text content blocks must be non-empty');
    expect(messageOf(anthropicMessagesError({ messages: [{ role: 'user', content: [] }] }))).toMatch(
      /^messages\.0: all messages must have non-empty content/,
    );
  });

  it('refuses an unanswered tool_use, a result without its call and a result after text', () => {
    const unanswered = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [use('a'), use('b')] },
      { role: 'user', content: [result('a')] },
    ];
    expect(messageOf(anthropicMessagesError({ messages: unanswered }))).toMatch(
      /^messages\.1: `tool_use` ids were found without `tool_result` blocks immediately after: b\./,
    );
    const orphan = [{ role: 'user', content: [result('x'), { type: 'text', text: 'hi' }] }];
    expect(messageOf(anthropicMessagesError({ messages: orphan }))).toMatch(
      /unexpected `tool_use_id` found in `tool_result` blocks: x/,
    );
    const late = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [use('a')] },
      { role: 'user', content: [{ type: 'text', text: 'also' }, result('a')] },
    ];
    expect(messageOf(anthropicMessagesError({ messages: late }))).toMatch(
      /`tool_result` blocks must come first/,
    );
    const trailing = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Sure ' },
    ];
    expect(messageOf(anthropicMessagesError({ messages: trailing }))).toBe(
      'messages: final assistant content cannot end with trailing whitespace',
    );
  });

  it('combines consecutive turns of one role, as the API does, and accepts a valid history', () => {
    const combined = [
      { role: 'user', content: 'hi' },
      { role: 'user', content: 'again' },
      { role: 'assistant', content: [use('a')] },
      { role: 'user', content: [result('a')] },
      { role: 'user', content: 'thanks' },
    ];
    expect(anthropicMessagesError({ messages: combined })).toBeUndefined();
  });
});

describe('openaiMessagesError', () => {
  it('refuses a tool message without its call and an unanswered tool call', () => {
    const orphan = [
      { role: 'user', content: 'hi' },
      { role: 'tool', tool_call_id: 'x', content: 'ok' },
    ];
    expect(messageOf(openaiMessagesError({ messages: orphan }))).toBe(
      "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
    );
    const call = (id: string) => ({ id, type: 'function', function: { name: 'search', arguments: '{}' } });
    const unanswered = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] },
      { role: 'tool', tool_call_id: 'a', content: 'ok' },
      { role: 'user', content: 'next' },
    ];
    expect(messageOf(openaiMessagesError({ messages: unanswered }))).toMatch(
      /The following tool_call_ids did not have response messages: b$/,
    );
    const empty = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null },
    ];
    expect(messageOf(openaiMessagesError({ messages: empty }))).toBe(
      "Invalid value for 'content': expected a string, got null.",
    );
    const valid = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null, tool_calls: [call('a')] },
      { role: 'tool', tool_call_id: 'a', content: 'ok' },
      { role: 'user', content: 'next' },
    ];
    expect(openaiMessagesError({ messages: valid })).toBeUndefined();
  });
});
