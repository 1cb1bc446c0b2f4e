import { describe, expect, it } from 'vitest';
import { toolTitles } from '../src/lib/tool-titles.ts';

describe('toolTitles', () => {
  it('keys the titles servers give by the name calls use, and skips untitled tools', () => {
    expect(
      toolTitles([
        { name: 'shop:add_to_cart', calledAs: 'shop_mcp_add_to_cart', title: 'Add to cart', inputSchema: {} },
        { name: 'calculator_storage_webmcp_calculate', title: 'Calculate', inputSchema: {} },
        { name: 'shop:checkout', calledAs: 'shop_mcp_checkout', inputSchema: {} },
      ]),
    ).toEqual({ shop_mcp_add_to_cart: 'Add to cart', calculator_storage_webmcp_calculate: 'Calculate' });
  });
});
