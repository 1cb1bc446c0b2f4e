import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../types/messages.ts';
import { trimHistory } from './trim-history.ts';

function turn(n: number, toolCalls: number): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'user', content: `question ${n} ${'x'.repeat(100)}` }];
  for (let call = 0; call < toolCalls; call++) {
    const id = `t${n}_${call}`;
    messages.push({ role: 'assistant', content: [{ type: 'tool_use', id, name: 's_mcp_t', input: { n } }] });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: 'r'.repeat(200) }],
    });
  }
  messages.push({ role: 'assistant', content: `answer ${n}` });
  return messages;
}

function orphans(messages: ChatMessage[]): string[] {
  const uses = new Set<string>();
  const results = new Set<string>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const block of message.content) {
      if (block.type === 'tool_use') uses.add(block.id);
      if (block.type === 'tool_result') results.add(block.tool_use_id);
    }
  }
  return [...[...uses].filter((id) => !results.has(id)), ...[...results].filter((id) => !uses.has(id))];
}

describe('trimHistory', () => {
  it('keeps everything when it fits', () => {
    const messages = turn(1, 1);
    expect(trimHistory(messages, 100_000)).toBe(messages);
  });

  it('drops whole old turns and keeps the latest one even when it is too big', () => {
    const messages = [...turn(1, 2), ...turn(2, 2), ...turn(3, 2)];
    const trimmed = trimHistory(messages, 10);
    expect(trimmed[0]).toEqual({ role: 'user', content: expect.stringMatching(/^question 3/) });
  });

  it('never orphans a tool_result or a tool_use, whatever the budget', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }),
        fc.nat(5000),
        (calls, budget) => {
          const messages = calls.flatMap((count, n) => turn(n, count));
          const trimmed = trimHistory(messages, budget);
          expect(orphans(trimmed)).toEqual([]);
          expect(trimmed[0].role).toBe('user');
          expect(trimmed.at(-1)).toBe(messages.at(-1));
        },
      ),
    );
  });
});
