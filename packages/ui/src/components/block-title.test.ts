import { describe, expect, it } from 'vitest';
import { blockTitle, sourceText } from './block-title.ts';

describe('blockTitle', () => {
  it("uses a widget's own title, else the tool whose result it shows, else its type", () => {
    const source = { name: 'calculator_mcp_calculate', args: { operation: 'add', a: 5, b: 3 } };
    expect(blockTitle({ type: 'stat', data: { label: '5 + 3' } }, source)).toBe('Calculate');
    expect(blockTitle({ type: 'table', data: { title: 'Cart of guest' } }, source)).toBe('Cart of guest');
    expect(blockTitle({ type: 'table', data: { title: ' ' } }, source)).toBe('Calculate');
    expect(blockTitle({ type: 'stat', data: { label: '5 + 3' } })).toBe('Stat');
    expect(blockTitle({ type: 'json_viewer', data: {} })).toBe('JSON viewer');
  });

  it("names the source tool by its server's title when there is one", () => {
    const source = { name: 'calculator_mcp_calculate', args: {} };
    const titles = { calculator_mcp_calculate: 'Do arithmetic' };
    expect(blockTitle({ type: 'stat', data: {} }, source, titles)).toBe('Do arithmetic');
    expect(blockTitle({ type: 'table', data: { title: 'Cart of guest' } }, source, titles)).toBe(
      'Cart of guest',
    );
    expect(blockTitle({ type: 'stat', data: {} }, undefined, titles)).toBe('Stat');
  });

  it('shows the call on hover', () => {
    expect(sourceText({ name: 'shop_mcp_search_products', args: { query: 'milk' } }, 'table')).toBe(
      'shop_mcp_search_products {"query":"milk"}',
    );
    expect(sourceText(undefined, 'table')).toBe('table widget');
  });
});
