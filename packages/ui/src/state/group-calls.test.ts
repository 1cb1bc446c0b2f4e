import { describe, expect, it } from 'vitest';
import { groupCalls } from './group-calls.ts';
import type { CallChip } from './turn-calls.ts';

const chip = (id: string, name: string): CallChip => ({ id, name, args: {}, result: '', elapsedMs: 1 });

describe('groupCalls', () => {
  it('puts consecutive calls of the same tool together, whatever their server', () => {
    const calls = [
      chip('1', 'shop_mcp_search_tools'),
      chip('2', 'open_data_mcp_search_tools'),
      chip('3', 'shop_mcp_search_products'),
      chip('4', 'shop_mcp_search_tools'),
    ];
    expect(groupCalls(calls).map((group) => group.map((call) => call.id))).toEqual([
      ['1', '2'],
      ['3'],
      ['4'],
    ]);
    expect(groupCalls([])).toEqual([]);
  });
});
