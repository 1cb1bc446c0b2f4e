import type { AgentEvent } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import type { ChatEntry } from './chat-log.ts';
import { applyChatEvent, userEntry } from './chat-log.ts';

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
      { id: 'notice_r', role: 'notice', text: 'Stopped.', tone: 'info' },
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
});
