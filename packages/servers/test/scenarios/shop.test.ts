import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpConnection, type McpLayer } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type HttpServing, type ShippedServer, serveHttp, startShop } from '../../src/index.ts';
import { latestJson, runScripted, transcript } from '../support/scripted-run.ts';

interface SearchResult {
  products: Array<{ code: string; name: string }>;
}
interface AddResult {
  added: { code: string; name: string; quantity: number };
}

/** A product of the default catalogue as search_products lists it. */
function summary(code: string, name: string, category: string, price: number, available: number) {
  return { code, name, category, price, currency: 'EUR', available };
}

const MILK_1L = summary('DAI-001', 'Full Cream Milk 1L', 'dairy', 0.99, 46);
const SOURDOUGH = summary('BAK-001', 'Sourdough Bread', 'bakery', 2.69, 56);

/** The best match of a search_products result. */
function firstProduct(result: unknown) {
  return (result as SearchResult).products[0];
}

/** A cart line as add_to_cart returns it. */
function line(product: { code: string; name: string; price: number }) {
  return {
    code: product.code,
    name: product.name,
    quantity: 1,
    unitPrice: product.price,
    lineTotal: product.price,
  };
}

/** The seed's commerce scenarios, driven by a scripted model through the loop against the shop over HTTP. */
describe('scenario: the shop', () => {
  let dataDir: string;
  let shop: ShippedServer;
  let http: HttpServing;
  const connections: McpConnection[] = [];

  /** The shop as one signed-in shopper sees it: a connection whose requests carry their token. */
  async function shopFor(user: string): Promise<{ layer: McpLayer; connection: McpConnection }> {
    const connection = new McpConnection({
      name: 'shop',
      transport: { type: 'http', url: http.url },
      headers: { authorization: `Bearer ${user}` },
    });
    connections.push(connection);
    return { layer: await connection.layer(), connection };
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'switchboard-scenario-shop-'));
    shop = await startShop({ dataDir });
    http = await serveHttp(shop.createServer, {
      // A stand-in for the gateway's token check: the token names the shopper, who owns one cart.
      authenticate: (request) => {
        const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        return token ? { token, clientId: 'scenario', scopes: [], extra: { userId: token } } : undefined;
      },
    });
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await http.close();
    await shop.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('"Add milk to my cart": search_products → add_to_cart → answer', async () => {
    const { layer, connection } = await shopFor('alice');
    const { result, model } = await runScripted(
      'Add milk to my cart',
      [
        { toolCalls: [{ name: 'shop_mcp_search_products', input: { query: 'milk' } }] },
        (request) => ({
          toolCalls: [
            {
              name: 'shop_mcp_add_to_cart',
              input: { code: latestJson<SearchResult>(request).products[0].code, quantity: 1 },
            },
          ],
        }),
        (request) => ({ text: `I've added ${latestJson<AddResult>(request).added.name} to your cart!` }),
      ],
      { layers: [layer], mcpClients: new Map([['shop', connection]]) },
    );

    expect(result.stopReason).toBe('end_turn');
    const [search, add] = transcript(result);
    expect(search).toMatchObject({
      name: 'shop_mcp_search_products',
      args: { query: 'milk' },
      isError: false,
    });
    expect(search.result).toMatchObject({ query: 'milk', total: 13 });
    expect(firstProduct(search.result)).toEqual(MILK_1L);
    expect(add).toEqual({
      name: 'shop_mcp_add_to_cart',
      args: { code: 'DAI-001', quantity: 1 },
      result: {
        added: { code: 'DAI-001', name: 'Full Cream Milk 1L', quantity: 1 },
        cart: { user: 'alice', items: [line(MILK_1L)], itemCount: 1, total: 0.99, currency: 'EUR' },
      },
      isError: false,
    });
    expect(result.toolCalls).toHaveLength(2);
    expect(result.text).toBe("I've added Full Cream Milk 1L to your cart!");
    expect(model.requests).toHaveLength(3);
    expect(result.metrics).toMatchObject({ iterations: 3, toolCalls: 2, toolErrors: 0 });
  });

  test('"add milk and bread": search, add, search, add, answer', async () => {
    const { layer, connection } = await shopFor('bob');
    const addFirst = (request: Parameters<typeof latestJson>[0]) => ({
      toolCalls: [
        {
          name: 'shop_mcp_add_to_cart',
          input: { code: latestJson<SearchResult>(request).products[0].code, quantity: 1 },
        },
      ],
    });
    const added: string[] = [];
    const { result } = await runScripted(
      'add milk and bread',
      [
        { toolCalls: [{ name: 'shop_mcp_search_products', input: { query: 'milk' } }] },
        addFirst,
        (request) => {
          added.push(latestJson<AddResult>(request).added.name);
          return { toolCalls: [{ name: 'shop_mcp_search_products', input: { query: 'bread' } }] };
        },
        addFirst,
        (request) => {
          added.push(latestJson<AddResult>(request).added.name);
          return { text: `Done: I added ${added.join(' and ')} to your cart.` };
        },
      ],
      { layers: [layer], mcpClients: new Map([['shop', connection]]) },
    );

    expect(result.stopReason).toBe('end_turn');
    const calls = transcript(result);
    expect(calls.map((call) => [call.name, call.args])).toEqual([
      ['shop_mcp_search_products', { query: 'milk' }],
      ['shop_mcp_add_to_cart', { code: 'DAI-001', quantity: 1 }],
      ['shop_mcp_search_products', { query: 'bread' }],
      ['shop_mcp_add_to_cart', { code: 'BAK-001', quantity: 1 }],
    ]);
    expect(calls.every((call) => !call.isError)).toBe(true);
    expect(firstProduct(calls[0].result)).toEqual(MILK_1L);
    expect(calls[2].result).toMatchObject({ query: 'bread', total: 9 });
    expect(firstProduct(calls[2].result)).toEqual(SOURDOUGH);
    expect(calls[3].result).toEqual({
      added: { code: 'BAK-001', name: 'Sourdough Bread', quantity: 1 },
      cart: {
        user: 'bob',
        items: [line(MILK_1L), line(SOURDOUGH)],
        itemCount: 2,
        total: 3.68,
        currency: 'EUR',
      },
    });
    expect(result.text).toBe('Done: I added Full Cream Milk 1L and Sourdough Bread to your cart.');
  });
});
