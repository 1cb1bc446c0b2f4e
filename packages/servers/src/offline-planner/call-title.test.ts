import { describe, expect, it } from 'vitest';
import { callTitle } from './call-title.ts';

describe('callTitle', () => {
  it('writes arithmetic as a person would', () => {
    expect(callTitle('calculator_webmcp_calculate', { operation: 'add', a: 5, b: 3 })).toBe('5 + 3');
    expect(callTitle('calculator_webmcp_calculate', { operation: 'multiply', a: 7, b: 6 })).toBe('7 × 6');
  });

  it('names other calls by the tool in words and their short arguments', () => {
    expect(callTitle('calculator_webmcp_get-storage', { key: 'greeting' })).toBe('Get storage: greeting');
    expect(callTitle('shop_mcp_search_products', { query: 'milk', limit: 5 })).toBe(
      'Search products: milk, 5',
    );
    expect(callTitle('shop_mcp_show_cart', {})).toBe('Show cart');
  });

  it('leaves out long and structured arguments and stays short', () => {
    expect(
      callTitle('open_data_mcp_query_sql', { sql: 'SELECT name FROM countries ORDER BY area', params: [] }),
    ).toBe('Query sql');
    expect(callTitle(`x_mcp_${'long_name_'.repeat(10)}`, {}).length).toBeLessThanOrEqual(60);
  });
});
