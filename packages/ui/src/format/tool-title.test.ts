import { describe, expect, it } from 'vitest';
import { toolTitle } from './tool-title.ts';

describe('tool titles', () => {
  it("names a call by its tool's title, else by its name in words", () => {
    const titles = { shop_mcp_search_products: 'Find groceries' };
    expect(toolTitle('shop_mcp_search_products', titles)).toBe('Find groceries');
    expect(toolTitle('shop_mcp_add_to_cart', titles)).toBe('Add to cart');
    expect(toolTitle('toString', titles)).toBe('To string');
  });
});
