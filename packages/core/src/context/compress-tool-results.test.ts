import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../types/messages.ts';
import { compressToolResults } from './compress-tool-results.ts';
import { ResultBuffer } from './result-buffer.ts';

function iteration(id: string, size: number): ChatMessage[] {
  return [
    { role: 'assistant', content: [{ type: 'tool_use', id, name: 'data_mcp_query', input: {} }] },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: `{"data":[${'1,'.repeat(size)}1]}` }],
    },
  ];
}

describe('compressToolResults', () => {
  it('compresses results older than two iterations into a preview with recall, keeping the full text', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'show data' },
      ...iteration('toolu_1', 2500),
      ...iteration('toolu_2', 2500),
      ...iteration('toolu_3', 2500),
    ];
    const buffer = new ResultBuffer();
    const compressed = compressToolResults(messages, buffer);
    const first = (compressed[2].content as Array<{ content: string }>)[0].content;
    expect(first).toMatch(/^\{"data":\[1,1,/);
    expect(first).toContain("recall('toolu_1') for the full result, 5012 chars");
    expect(first.length).toBeLessThan(300);
    expect(buffer.get('toolu_1')).toBe((messages[2].content as Array<{ content: string }>)[0].content);
    expect(compressed[4]).toBe(messages[4]);
    expect(compressed[6]).toBe(messages[6]);
  });

  it('leaves small results and the input array untouched', () => {
    const messages = [...iteration('a', 3), ...iteration('b', 3), ...iteration('c', 3)];
    const snapshot = structuredClone(messages);
    const compressed = compressToolResults(messages, new ResultBuffer());
    expect(compressed).toEqual(snapshot);
    expect(messages).toEqual(snapshot);
  });

  it('is idempotent: compressing twice changes nothing more', () => {
    const messages = [...iteration('a', 900), ...iteration('b', 900), ...iteration('c', 900)];
    const buffer = new ResultBuffer();
    const once = compressToolResults(messages, buffer);
    expect(compressToolResults(once, buffer)).toEqual(once);
    expect(buffer.get('a')?.length).toBe(1812);
  });
});
