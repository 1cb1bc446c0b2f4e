import { describe, expect, test } from 'vitest';
import { argumentSources } from './argument-sources.ts';
import type { ToolExchange } from './read-conversation.ts';

const exchange = (id: string, name: string, input: unknown, content: string): ToolExchange => ({
  call: { type: 'tool_use', id, name, input },
  result: { type: 'tool_result', tool_use_id: id, content },
});

describe('argumentSources', () => {
  const search = exchange(
    's1',
    'shop_mcp_search_products',
    { query: 'milk' },
    '{"products":[{"code":"DAI-001"… [compressed]',
  );
  const recall = exchange(
    'r1',
    'recall',
    { id: 's1' },
    '{"products":[{"code":"DAI-001"},{"code":"DAI-002"}]}',
  );

  test('names the earlier result a reference the request did not write came from', () => {
    const add = exchange('a1', 'shop_mcp_add_to_cart', { code: 'DAI-002', quantity: 2 }, '{}');
    expect(argumentSources(add, [search, recall, add], 'add the second one')).toEqual([
      'code "DAI-002" from the earlier search_products result',
    ]);
    expect(argumentSources(add, [search, add], 'add the second one')).toEqual([]);
  });

  test('says nothing of references the request wrote out, or of other arguments', () => {
    const add = exchange('a1', 'shop_mcp_add_to_cart', { code: 'DAI-001', quantity: 1 }, '{}');
    expect(argumentSources(add, [search, add], 'add DAI-001 to my cart')).toEqual([]);
    const calculate = exchange('c1', 'calc_mcp_calculate', { a: 1, b: 2 }, '3');
    expect(argumentSources(calculate, [search, calculate], 'add 1 and 2')).toEqual([]);
  });
});
