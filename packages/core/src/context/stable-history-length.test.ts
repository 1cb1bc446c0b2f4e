import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../types/messages.ts';
import { compressToolResults } from './compress-tool-results.ts';
import { ResultBuffer } from './result-buffer.ts';
import { stableHistoryLength } from './stable-history-length.ts';

/** A step: the call and its result of `size` characters. */
function step(id: string, size: number): ChatMessage[] {
  return [
    { role: 'assistant', content: [{ type: 'tool_use', id, name: 'fetch', input: {} }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'x'.repeat(size) }] },
  ];
}

describe('stableHistoryLength', () => {
  it('ends before the tool result the next step compresses', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Read all pages' },
      ...step('a', 1000),
      ...step('b', 1000),
    ];
    // The next step keeps b and the new result whole, and compresses a (message 2).
    expect(stableHistoryLength(messages, {})).toBe(2);
    const next = compressToolResults([...messages, ...step('c', 1000)], new ResultBuffer());
    expect(next.slice(0, 2)).toEqual(messages.slice(0, 2));
    expect(next[2]).not.toEqual(messages[2]);
  });

  it('is the whole history when nothing will be rewritten', () => {
    const short: ChatMessage[] = [{ role: 'user', content: 'Hi' }, ...step('a', 10), ...step('b', 10)];
    expect(stableHistoryLength(short, {})).toBe(short.length);
    const long: ChatMessage[] = [{ role: 'user', content: 'Hi' }, ...step('a', 1000), ...step('b', 1000)];
    expect(stableHistoryLength(long, false)).toBe(long.length);
    expect(stableHistoryLength(long, { keepRecentIterations: 3 })).toBe(long.length);
  });
});
