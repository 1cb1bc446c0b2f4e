import { type ProviderTool, ToolCatalog } from '@switchboard/core';
import { describe, expect, test } from 'vitest';
import { createCalculatorStorageServer } from '../calculator-storage/create-calculator-storage-server.ts';
import { type FillContext, fillArguments } from './fill-arguments.ts';
import type { ToolExchange } from './read-conversation.ts';

const calculator = new ToolCatalog([createCalculatorStorageServer().layer()]);
const tool = (name: string) => calculator.providerTool(`calculator_webmcp_${name}`) as ProviderTool;

/** Strict-mode schemas, as the catalog sends them: optional properties are nullable. */
const addToCart: ProviderTool = {
  name: 'shop_mcp_add_to_cart',
  description: 'Add a product to the cart by code.',
  input_schema: {
    type: 'object',
    properties: {
      code: { type: 'string', description: 'Product code, e.g. "DAI-001"' },
      quantity: { type: ['integer', 'null'], minimum: 1 },
      user: { type: ['string', 'null'] },
    },
    required: ['code', 'quantity', 'user'],
  },
  // Adding takes codes from any earlier result (a destructive tool reads only its own object's).
  annotations: { readOnlyHint: false, destructiveHint: false },
};
const searchProducts: ProviderTool = {
  name: 'shop_mcp_search_products',
  description: 'Search products.',
  input_schema: {
    type: 'object',
    properties: {
      query: { type: 'string' },
      category: { type: ['string', 'null'], enum: ['dairy', 'bakery', 'meat-fish', null] },
      limit: { type: ['integer', 'null'] },
    },
    required: ['query', 'category', 'limit'],
  },
};
const querySql: ProviderTool = {
  name: 'open_data_mcp_query_sql',
  description: 'Run one read-only query against the countries database.',
  input_schema: {
    type: 'object',
    properties: { sql: { type: 'string' }, params: { type: ['array', 'null'], items: {} } },
    required: ['sql', 'params'],
  },
};
const bookings: ProviderTool = {
  name: 'agenda_mcp_list_events',
  description: 'Events of a day.',
  input_schema: {
    type: 'object',
    properties: {
      day: { type: 'string', format: 'date' },
      room: { type: 'string', description: 'One of: red, blue, green' },
    },
    required: ['day', 'room'],
  },
};

const NOW = new Date('2025-03-10T12:00:00Z');
const context = (text: string, exchanges: ToolExchange[] = [], canRecall = true): FillContext => ({
  text,
  exchanges,
  canRecall,
  now: NOW,
});

const searchResult: ToolExchange = {
  call: { type: 'tool_use', id: 't1', name: 'shop_mcp_search_products', input: { query: 'milk' } },
  result: { type: 'tool_result', tool_use_id: 't1', content: '…' },
  fullText: JSON.stringify({
    products: [
      { code: 'DAI-001', name: 'Full Cream Milk 1L' },
      { code: 'DAI-004', name: 'Oat Milk 1L' },
      { code: 'DAI-009', name: 'Butter 250g' },
    ],
  }),
};

describe('fillArguments', () => {
  test('numbers and the operation of an arithmetic question', () => {
    for (const [text, expected] of [
      ['what is 5 plus 3', { operation: 'add', a: 5, b: 3 }],
      ['what is 12 divided by 4?', { operation: 'divide', a: 12, b: 4 }],
      ['6*7', { operation: 'multiply', a: 6, b: 7 }],
      ['subtract 3 from 10', { operation: 'subtract', a: 10, b: 3 }],
    ] as const) {
      const filled = fillArguments(tool('calculate'), context(text));
      expect(filled.args).toEqual(expected);
      expect(filled.missing).toEqual([]);
      expect(filled.specific).toEqual(['operation', 'a', 'b']);
    }
  });

  test('key and value phrases for storage', () => {
    expect(fillArguments(tool('set-storage'), context('store hello under greeting')).args).toEqual({
      key: 'greeting',
      value: 'hello',
    });
    expect(fillArguments(tool('get-storage'), context('what is stored in greeting')).args).toEqual({
      key: 'greeting',
    });
    const setFromQuestion = fillArguments(tool('set-storage'), context('what is stored in greeting'));
    expect(setFromQuestion.missing.map((property) => property.name)).toEqual(['value']);
  });

  test('a search query from the subject words; optional properties only on specific evidence', () => {
    const plain = fillArguments(searchProducts, context('search milk'));
    expect(plain.args).toEqual({ query: 'milk' });
    expect(plain.general).toEqual(['query']);
    expect(fillArguments(searchProducts, context('find some dairy cheese, top 3')).args).toEqual({
      query: 'dairy cheese top 3',
      category: 'dairy',
      limit: 3,
    });
    expect(fillArguments(searchProducts, context('search limit=4 query="blue cheese"')).args).toEqual({
      query: 'blue cheese',
      limit: 4,
    });
    const toolWords = new Set(['add', 'to', 'cart', 'search', 'products']);
    expect(fillArguments(searchProducts, { ...context('add milk to my cart'), toolWords }).args).toEqual({
      query: 'milk',
    });
    expect(
      fillArguments(searchProducts, { ...context('add it to my cart'), toolWords }).missing,
    ).toHaveLength(1);
  });

  test('codes from an earlier result: by ordinal, by a word of the name, or written out', () => {
    const first = fillArguments(addToCart, context('add the first one to my cart', [searchResult]));
    expect(first.args).toEqual({ code: 'DAI-001' });
    expect(fillArguments(addToCart, context('add the last one', [searchResult])).args).toEqual({
      code: 'DAI-009',
    });
    expect(fillArguments(addToCart, context('add 2 oat milk to my cart', [searchResult])).args).toEqual({
      code: 'DAI-004',
      quantity: 2,
    });
    expect(fillArguments(addToCart, context('add BAK-002 to my cart')).args).toEqual({ code: 'BAK-002' });
  });

  test('a compressed earlier result that may hold the code is asked for by id', () => {
    const compressed: ToolExchange = {
      call: searchResult.call,
      result: {
        type: 'tool_result',
        tool_use_id: 't1',
        content: `{"products":[{"code":"DAI-001"… [compressed: recall('t1') for the full result, 900 chars]`,
      },
    };
    const filled = fillArguments(addToCart, context('add the first one to my cart', [compressed]));
    expect(filled.recallId).toBe('t1');
    expect(filled.missing.map((property) => property.name)).toEqual(['code']);
    expect(
      fillArguments(addToCart, context('add the first one', [compressed], false)).recallId,
    ).toBeUndefined();
  });

  test('never guesses: missing required arguments are reported', () => {
    const filled = fillArguments(addToCart, context('add milk to my cart'));
    expect(filled.args).toEqual({});
    expect(filled.missing.map((property) => property.name)).toEqual(['code']);
    expect(
      fillArguments(tool('calculate'), context('calculate something')).missing.map((p) => p.name),
    ).toEqual(['operation', 'a', 'b']);
  });

  test('dates and choices listed in a description', () => {
    const filled = fillArguments(bookings, context('events in the blue room tomorrow'));
    expect(filled.args).toEqual({ day: '2025-03-11', room: 'blue' });
    expect(filled.specific).toEqual(['day']);
    expect(filled.general).toEqual(['room']);
  });

  test('SQL from a country-question template the server published in a recipe read earlier', () => {
    const largest = 'SELECT name, area FROM countries WHERE area IS NOT NULL ORDER BY area DESC LIMIT $1';
    const recipe: ToolExchange = {
      call: {
        type: 'tool_use',
        id: 'r1',
        name: 'open_data_mcp_get_recipe',
        input: { name: 'country-questions' },
      },
      result: {
        type: 'tool_result',
        tool_use_id: 'r1',
        content: `# Country question templates\n\n\`\`\`json\n[\n  ${JSON.stringify({ template: 'largest countries by area', sql: largest })}\n]\n\`\`\`\n`,
      },
    };
    const filled = fillArguments(querySql, context('which are the largest countries by area', [recipe]));
    expect(filled.args).toEqual({ sql: largest, params: [10] });
    expect(filled.sqlPlan?.template).toBe('largest countries by area');
    const missing = (text: string, exchanges: ToolExchange[]) =>
      fillArguments(querySql, context(text, exchanges)).missing.map((property) => property.name);
    expect(missing('what is 5 plus 3', [recipe])).toEqual(['sql']);
    // No template read, or none for this variant: the planner writes no SQL of its own.
    expect(missing('which are the largest countries by area', [])).toEqual(['sql']);
    expect(missing('largest countries in Europe', [recipe])).toEqual(['sql']);
    const otherDatabase = { ...querySql, description: 'Run SQL against the sales database.' };
    expect(fillArguments(otherDatabase, context('largest countries by area', [recipe])).args).toEqual({});
  });
});
