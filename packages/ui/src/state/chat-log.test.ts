import type { AgentEvent } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import type { ChatEntry } from './chat-log.ts';
import { applyChatEvent, userEntry, withReplyUsage } from './chat-log.ts';

const at = (event: Record<string, unknown>) => ({ timestamp: 1, ...event }) as AgentEvent;

describe('applyChatEvent', () => {
  it('streams assistant text and closes it', () => {
    let chat: ChatEntry[] = [userEntry('hi', 'u1')];
    for (const event of [
      at({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }),
      at({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hello ' }),
      at({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'there' }),
    ]) {
      chat = applyChatEvent(chat, event);
    }
    expect(chat[1]).toEqual({ id: 'm1', role: 'assistant', text: 'Hello there', streaming: true });
    chat = applyChatEvent(chat, at({ type: 'TEXT_MESSAGE_END', messageId: 'm1' }));
    expect(chat[1].streaming).toBe(false);
  });

  it('adds notices for stops and errors and closes open streams', () => {
    let chat = applyChatEvent([], at({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'partial' }));
    chat = applyChatEvent(
      chat,
      at({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', result: { stopReason: 'aborted' } }),
    );
    expect(chat).toEqual([
      { id: 'm1', role: 'assistant', text: 'partial', streaming: false },
      { id: 'notice_1', role: 'notice', text: 'Stopped.', tone: 'info' },
    ]);
    chat = applyChatEvent(chat, at({ type: 'RUN_ERROR', message: 'model error: boom' }));
    expect(chat.at(-1)).toMatchObject({ role: 'notice', tone: 'error', text: 'model error: boom' });
    expect(
      applyChatEvent(
        chat,
        at({ type: 'RUN_FINISHED', threadId: 't', runId: 'r2', result: { stopReason: 'end_turn' } }),
      ),
    ).toHaveLength(3);
  });

  it('removes the text of a reply that broke off, keeping the retried reply and earlier messages', () => {
    const events = [
      at({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }),
      at({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Adding.' }),
      at({ type: 'TEXT_MESSAGE_END', messageId: 'm1' }),
      at({ type: 'TEXT_MESSAGE_START', messageId: 'm2', role: 'assistant' }),
      at({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm2', delta: 'The answer is' }),
      at({ type: 'TEXT_MESSAGE_END', messageId: 'm2' }),
      at({
        type: 'CUSTOM',
        name: 'model_output_discarded',
        value: { messageId: 'm2', toolCallIds: [], reason: 'retry' },
      }),
      at({ type: 'CUSTOM', name: 'model_retry', value: { attempt: 1, waitMs: 500, reason: 'overloaded' } }),
      at({ type: 'TEXT_MESSAGE_START', messageId: 'm3', role: 'assistant' }),
      at({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm3', delta: 'The answer is 8.' }),
      at({ type: 'TEXT_MESSAGE_END', messageId: 'm3' }),
    ];
    const chat = events.reduce(applyChatEvent, [userEntry('what is 5 plus 3', 'u1')]);
    expect(chat.map((entry) => entry.text)).toEqual(['what is 5 plus 3', 'Adding.', 'The answer is 8.']);
  });

  it('removes the text of a reply that failed, leaving the error', () => {
    const events = [
      at({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }),
      at({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'The answer is' }),
      at({ type: 'TEXT_MESSAGE_END', messageId: 'm1' }),
      at({
        type: 'CUSTOM',
        name: 'model_output_discarded',
        value: { messageId: 'm1', toolCallIds: [], reason: 'error' },
      }),
      at({ type: 'RUN_ERROR', message: 'model error: Anthropic API error (overloaded_error): Overloaded' }),
    ];
    const chat = events.reduce(applyChatEvent, [userEntry('what is 5 plus 3', 'u1')]);
    expect(chat.map((entry) => [entry.role, entry.text])).toEqual([
      ['user', 'what is 5 plus 3'],
      ['notice', 'model error: Anthropic API error (overloaded_error): Overloaded'],
    ]);
  });

  it('gives every entry an id of its own when events repeat: the same run stopping twice, errors of one millisecond, a start heard twice', () => {
    const stop = at({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', result: { stopReason: 'aborted' } });
    const failure = at({ type: 'RUN_ERROR', message: 'boom' });
    const start = at({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' });
    const events = [start, start, stop, stop, failure, failure, start, stop, failure];
    const discarded = at({
      type: 'CUSTOM',
      name: 'model_output_discarded',
      value: { messageId: 'm1', toolCallIds: [], reason: 'retry' },
    });
    const chat = [...events, discarded, failure, stop].reduce(applyChatEvent, [userEntry('hi', 'u1')]);
    const ids = chat.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(chat.filter((entry) => entry.role === 'notice')).toHaveLength(8);
  });
});

describe('withReplyUsage', () => {
  const usage = { inputTokens: 120, outputTokens: 30 };
  const turn = [
    userEntry('first', 'u1'),
    { id: 'a1', role: 'assistant' as const, text: 'old reply', usage: { inputTokens: 1, outputTokens: 1 } },
    userEntry('second', 'u2'),
    { id: 'a2', role: 'assistant' as const, text: 'looking…', usage: { inputTokens: 5, outputTokens: 2 } },
    { id: 'a3', role: 'assistant' as const, text: 'done' },
  ];

  it("puts the count on the latest turn's last reply, taking it off that turn's earlier replies", () => {
    const chat = withReplyUsage(turn, usage);
    expect(chat.map((entry) => [entry.id, entry.usage])).toEqual([
      ['u1', undefined],
      ['a1', { inputTokens: 1, outputTokens: 1 }],
      ['u2', undefined],
      ['a2', undefined],
      ['a3', usage],
    ]);
    expect(chat[1]).toBe(turn[1]);
  });

  it('leaves the chat as it is while the turn has no reply', () => {
    const waiting = [...turn, userEntry('third', 'u3')];
    expect(withReplyUsage(waiting, usage)).toBe(waiting);
  });
});
