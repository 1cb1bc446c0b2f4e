import { describe, expect, it } from 'vitest';
import { shoppingHistory as history } from '../../test/support/shopping-history.ts';
import { fromApiMessages, UNANSWERED_NOTES } from './from-api-messages.ts';
import { toApiMessages } from './to-api-messages.ts';

describe('fromApiMessages', () => {
  it('round-trips the runtime history', () => {
    expect(fromApiMessages(toApiMessages(history))).toEqual(
      history.map((message) => ({
        ...message,
        content:
          typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content,
      })),
    );
  });

  it('answers calls left without a result, drops stray results, and keeps system notes labelled', () => {
    const messages = fromApiMessages([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'a', type: 'function', function: { name: 't', arguments: '' } }],
      },
      { role: 'user', content: 'Never mind' },
      { role: 'tool', content: 'late', tool_call_id: 'zzz' },
    ]);
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: '[system note] Be brief.' },
          { type: 'text', text: 'Hi' },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 't', input: {} }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'a',
            content: 'Error: no result was given for this call.',
            is_error: true,
          },
          { type: 'text', text: 'Never mind' },
        ],
      },
    ]);
  });

  it('leaves the last calls open only when asked', () => {
    const drafts = [
      { role: 'user' as const, content: 'Hi' },
      {
        role: 'assistant' as const,
        content: null,
        tool_calls: [{ id: 'a', type: 'function' as const, function: { name: 't', arguments: '{}' } }],
      },
    ];
    expect(fromApiMessages(drafts, { openTail: true })).toHaveLength(2);
    expect(fromApiMessages(drafts).at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'a' }],
    });
  });

  it('reports malformed messages', () => {
    expect(() => fromApiMessages([{ role: 'tool', content: 'x' }])).toThrow(/tool_call_id/);
    expect(() =>
      fromApiMessages([
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'a', type: 'function', function: { name: 't', arguments: '{' } }],
        },
      ]),
    ).toThrow(/messages\[0\]\.tool_calls\[0\]\.function\.arguments is not valid JSON/);
  });

  it('follows a message no turn answered with a note, leaves out a failed one, and keeps the newest last', () => {
    expect(
      fromApiMessages([
        { role: 'user', content: 'what is 4 plus 36', unanswered: 'interrupted' },
        { role: 'user', content: 'what is 4 plus 37', unanswered: 'failed' },
        { role: 'user', content: 'what is 4 plus 38' },
      ]),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'what is 4 plus 36' },
          { type: 'text', text: UNANSWERED_NOTES.interrupted },
          { type: 'text', text: 'what is 4 plus 38' },
        ],
      },
    ]);
  });
});
