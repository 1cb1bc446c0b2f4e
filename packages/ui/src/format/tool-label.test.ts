import { describe, expect, it } from 'vitest';
import { argumentsText, shortToolName, toolLabel } from './tool-label.ts';

describe('tool labels', () => {
  it('names a prefixed tool in words', () => {
    expect(shortToolName('shop_mcp_search_products')).toBe('search_products');
    expect(toolLabel('calculator_storage_mcp_get-storage')).toBe('Get storage');
    expect(toolLabel('autoui_webmcp_widget_display')).toBe('Widget display');
    expect(toolLabel('showCart')).toBe('Show cart');
    expect(toolLabel('open_data_mcp_query_sql')).toBe('Query SQL');
    expect(toolLabel('get_user_id')).toBe('Get user ID');
  });

  it('writes arguments in a few characters', () => {
    expect(argumentsText({ query: 'milk', limit: 5 })).toBe('query: milk, limit: 5');
    expect(argumentsText({ sql: 'x'.repeat(200) }, 20)).toBe(`sql: ${'x'.repeat(14)}…`);
    expect(argumentsText({})).toBe('');
    expect(argumentsText(undefined)).toBe('');
  });
});
