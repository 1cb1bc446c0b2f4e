import type { ProviderTool } from '@switchboard/core';
import { describe, expect, test } from 'vitest';
import { chooseTool } from './choose-tool.ts';
import type { FillContext } from './fill-arguments.ts';

const tool = (name: string, properties: Record<string, unknown>, required: string[]): ProviderTool => ({
  name,
  description: `The ${name} tool.`,
  input_schema: { type: 'object', properties, required },
});

const showCart = tool('shop_mcp_show_cart', { user: { type: ['string', 'null'] } }, ['user']);
const search = tool('shop_mcp_search_products', { query: { type: 'string' } }, ['query']);
const addToCart = tool('shop_mcp_add_to_cart', { code: { type: 'string' } }, ['code']);
const setStorage = tool('calc_webmcp_set-storage', { key: { type: 'string' }, value: { type: 'string' } }, [
  'key',
  'value',
]);

const context = (text: string): FillContext => ({ text, exchanges: [], canRecall: false, now: new Date(0) });

describe('chooseTool', () => {
  test('a well-ranked tool filled from specific evidence beats a better-ranked generic one', () => {
    const selection = chooseTool(
      [
        { tool: search, score: 10 },
        { tool: setStorage, score: 4 },
      ],
      context('store hello under greeting'),
    );
    expect(selection).toMatchObject({
      kind: 'call',
      choice: { tool: setStorage, fill: { args: { key: 'greeting', value: 'hello' } } },
    });
  });

  test('otherwise the best-ranked tool is called when it needs nothing more', () => {
    expect(
      chooseTool(
        [
          { tool: showCart, score: 10 },
          { tool: search, score: 6 },
        ],
        context('show my cart'),
      ),
    ).toMatchObject({ kind: 'call', choice: { tool: showCart, fill: { args: {} } } });
  });

  test('the best-ranked tool lacking a required argument is reported, not replaced by a guess', () => {
    const selection = chooseTool(
      [
        { tool: addToCart, score: 10 },
        { tool: showCart, score: 8 },
      ],
      context('add it to my cart'),
    );
    expect(selection.kind).toBe('missing');
    expect(
      selection.kind === 'missing' && selection.choice.fill.missing.map((property) => property.name),
    ).toEqual(['code']);
  });

  test('specific candidates far below the best are not considered; no candidates, no choice', () => {
    expect(
      chooseTool(
        [
          { tool: showCart, score: 100 },
          { tool: setStorage, score: 1 },
        ],
        context('store hello under greeting'),
      ),
    ).toMatchObject({ kind: 'call', choice: { tool: showCart } });
    expect(chooseTool([], context('anything'))).toEqual({ kind: 'none' });
  });
});
