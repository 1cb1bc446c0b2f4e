import type { ProviderTool } from '@switchboard/core';
import { describe, expect, test } from 'vitest';
import { candidatesFromSearch, keepRelevant, rankOfferedTools } from './rank-candidates.ts';
import type { ToolExchange } from './read-conversation.ts';
import { offeredTools } from './tool-roles.ts';

const tool = (name: string, description: string, properties: Record<string, unknown> = {}): ProviderTool => ({
  name,
  description,
  input_schema: { type: 'object', properties },
});

const calculate = tool(
  'calculator_webmcp_calculate',
  'Arithmetic on two numbers: add, subtract, multiply, divide.',
  {
    a: {},
    b: {},
  },
);
const searchProducts = tool('shop_mcp_search_products', 'Search the catalogue for products such as milk.', {
  query: {},
});
const addToCart = tool('shop_mcp_add_to_cart', 'Add a product to the cart by code.', { code: {} });
const offered = offeredTools([
  tool('shop_mcp_search_tools', 'Search the tools of the shop.'),
  tool('autoui_webmcp_widget_display', 'Show a widget.'),
  calculate,
  searchProducts,
  addToCart,
]);

const searchExchange = (id: string, results: unknown): ToolExchange => ({
  call: { type: 'tool_use', id, name: `${id}_mcp_search_tools`, input: { query: 'x' } },
  result: { type: 'tool_result', tool_use_id: id, content: '' },
  fullText: JSON.stringify({ query: 'x', results }),
});

describe('candidatesFromSearch', () => {
  test('merges the results of every search call by score, keeping offered action tools only', () => {
    const turn = [
      searchExchange('shop', [
        { name: 'shop_mcp_add_to_cart', score: 3 },
        { name: 'shop_mcp_get_recipe', score: 9 },
        { name: 'shop_mcp_not_offered', score: 8 },
      ]),
      searchExchange('calculator', [{ name: 'calculator_webmcp_calculate', score: 5 }]),
    ];
    expect(
      candidatesFromSearch(turn, offered).map((candidate) => [candidate.tool.name, candidate.score]),
    ).toEqual([
      ['calculator_webmcp_calculate', 5],
      ['shop_mcp_add_to_cart', 3],
    ]);
  });
});

describe('rankOfferedTools', () => {
  test('ranks the offered action tools with the BM25 tool index', () => {
    expect(rankOfferedTools('add milk cart', offered).map((candidate) => candidate.tool.name)[0]).toBe(
      'shop_mcp_add_to_cart',
    );
    expect(rankOfferedTools('multiply numbers', offered).map((candidate) => candidate.tool.name)).toEqual([
      'calculator_webmcp_calculate',
    ]);
    expect(rankOfferedTools('widget', offered)).toEqual([]);
  });
});

describe('keepRelevant', () => {
  test('keeps tools sharing a word (or its stem) with the query, not fuzzy look-alikes', () => {
    const candidates = [calculate, searchProducts, addToCart].map((candidate) => ({
      tool: candidate,
      score: 1,
    }));
    expect(keepRelevant(candidates, 'searching milk').map((candidate) => candidate.tool.name)).toEqual([
      'shop_mcp_search_products',
    ]);
    expect(keepRelevant(candidates, 'will it rain tomorrow')).toEqual([]);
  });
});
