import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '../state/chat-log.ts';
import type { CallChip } from '../state/turn-calls.ts';
import { endedWithoutAnswer, replyRows, reuseRows, splitFirstSentence } from './chat-rows.ts';

const entry = (id: string, role: ChatEntry['role']): ChatEntry => ({ id, role, text: id });
const chip = (name: string): CallChip => ({ id: name, name, args: {}, result: '', elapsedMs: 1 });

describe('replyRows', () => {
  it("groups a turn's assistant messages, and nothing else", () => {
    const rows = replyRows([
      entry('u1', 'user'),
      entry('a1', 'assistant'),
      entry('a2', 'assistant'),
      entry('n1', 'notice'),
      entry('a3', 'assistant'),
      entry('u2', 'user'),
      entry('u3', 'user'),
    ]);
    expect(rows.map((row) => row.map((part) => part.id))).toEqual([
      ['u1'],
      ['a1', 'a2'],
      ['n1'],
      ['a3'],
      ['u2'],
      ['u3'],
    ]);
  });
});

describe('endedWithoutAnswer', () => {
  const entries = [entry('u1', 'user'), entry('a1', 'assistant')];

  it('is true once a turn that only searched the tools has ended', () => {
    const calls = { u1: [chip('shop_mcp_search_tools'), chip('calc_webmcp_list_tools')] };
    expect(endedWithoutAnswer(entries, calls, false)).toBe(true);
    expect(endedWithoutAnswer(entries, calls, true)).toBe(false);
  });

  it('is false when a tool answered or nothing was called', () => {
    expect(
      endedWithoutAnswer(entries, { u1: [chip('shop_mcp_search_tools'), chip('shop_mcp_show_cart')] }, false),
    ).toBe(false);
    expect(endedWithoutAnswer(entries, {}, false)).toBe(false);
    expect(endedWithoutAnswer([], {}, false)).toBe(false);
  });
});

describe('splitFirstSentence', () => {
  it('splits after the first full stop followed by a space', () => {
    expect(splitFirstSentence('One. Two, e.g. three.')).toEqual({ lead: 'One.', rest: 'Two, e.g. three.' });
    expect(splitFirstSentence('Only one.')).toEqual({ lead: 'Only one.', rest: '' });
  });
});

describe('reuseRows', () => {
  it('keeps the arrays of rows whose entries did not change, and takes the changed and new ones', () => {
    const question = { id: 'u1', role: 'user' as const, text: 'hi' };
    const answer = { id: 'a1', role: 'assistant' as const, text: 'Hel', streaming: true };
    const before = replyRows([question, answer]);
    const streamed = { ...answer, text: 'Hello' };
    const after = reuseRows(
      replyRows([question, streamed, { id: 'u2', role: 'user', text: 'again' }]),
      before,
    );
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]).toEqual([streamed]);
    expect(after[2]).toEqual([{ id: 'u2', role: 'user', text: 'again' }]);
  });
});
