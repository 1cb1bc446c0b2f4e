import type { AgentSessionSnapshot, ChatMessage } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { forgetFailedRequest } from './forget-failed-request.ts';

const session = (...messages: ChatMessage[]): AgentSessionSnapshot => ({
  id: 'thread_1',
  messages,
  results: [],
  activatedServers: [],
  revealedTools: [],
  toolTurns: 0,
  discovered: false,
});
const hi: ChatMessage = { role: 'user', content: 'Hi' };
const hello: ChatMessage = { role: 'assistant', content: [{ type: 'text', text: 'Hello.' }] };
const addMilk: ChatMessage = { role: 'user', content: 'Add milk' };

describe('forgetFailedRequest', () => {
  it('drops the message of a turn that failed before any answer', () => {
    expect(forgetFailedRequest(session(hi, hello, addMilk), 2, 'error').messages).toEqual([hi, hello]);
  });

  it('keeps it when the turn did not fail, or got as far as a tool call (which ran)', () => {
    const answered = session(hi, hello, addMilk);
    expect(forgetFailedRequest(answered, 2, 'end_turn')).toBe(answered);
    expect(forgetFailedRequest(answered, 2, 'aborted')).toBe(answered);
    const called = session(
      addMilk,
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'shop_mcp_add', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'added' }] },
    );
    expect(forgetFailedRequest(called, 0, 'error')).toBe(called);
  });
});
