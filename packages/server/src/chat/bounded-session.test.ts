import type { AgentSessionSnapshot, ChatMessage } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { boundedSession } from './bounded-session.ts';

/** One turn: the person's message, a tool call, its result (100 characters) and the answer. */
function turn(index: number): ChatMessage[] {
  return [
    { role: 'user', content: `question ${index}` },
    { role: 'assistant', content: [{ type: 'tool_use', id: `call_${index}`, name: 'calc', input: {} }] },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: `call_${index}`, content: 'r'.repeat(100) }],
    },
    { role: 'assistant', content: `answer ${index}` },
  ];
}

function session(turns: number): AgentSessionSnapshot {
  const messages = Array.from({ length: turns }, (_, index) => turn(index)).flat();
  return {
    id: 'thread_1',
    messages,
    results: Array.from(
      { length: turns },
      (_, index) => [`call_${index}`, 'full result'] as [string, string],
    ),
    activatedServers: ['calc_mcp'],
    revealedTools: [],
    toolTurns: turns,
    discovered: true,
  };
}

const size = (messages: ChatMessage[]) =>
  messages.reduce(
    (sum, message) =>
      sum +
      (typeof message.content === 'string'
        ? message.content.length
        : message.content.reduce(
            (blocks, block) =>
              blocks +
              (block.type === 'text'
                ? block.text.length
                : block.type === 'tool_result'
                  ? block.content.length
                  : block.name.length + JSON.stringify(block.input).length),
            0,
          )),
    0,
  );

describe('boundedSession', () => {
  it('keeps a session within the bound as it is', () => {
    const small = session(3);
    expect(boundedSession(small, 10_000)).toBe(small);
  });

  it('past the bound, keeps the newest whole turns within three quarters of it and only their results', () => {
    const long = session(100);
    const bounded = boundedSession(long, 2_000);
    expect(size(bounded.messages)).toBeLessThanOrEqual(1_500);
    expect(size(bounded.messages)).toBeGreaterThan(1_000);
    expect(bounded.messages[0]).toEqual({ role: 'user', content: expect.stringMatching(/^question \d+$/) });
    expect(bounded.messages.at(-1)).toEqual({ role: 'assistant', content: 'answer 99' });
    const first = Number((bounded.messages[0].content as string).split(' ')[1]);
    expect(bounded.results.map(([id]) => id)).toEqual(
      Array.from({ length: 100 - first }, (_, index) => `call_${first + index}`),
    );
    expect(bounded).toMatchObject({ id: 'thread_1', activatedServers: ['calc_mcp'], toolTurns: 100 });
  });

  it('trims again only once the kept history has grown past the bound again', () => {
    const bounded = boundedSession(session(100), 2_000);
    const next = { ...bounded, messages: [...bounded.messages, ...turn(100)] };
    expect(boundedSession(next, 2_000)).toBe(next);
  });
});
