import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import type { McpRequestContext } from '@modelcontextprotocol/server';
import { AgentSession, McpConnection, type ToolLayer } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCalculatorStorageServer, type ShippedServer, startShop } from '../../src/index.ts';
import { OFFLINE_PLANNER_NOTICE } from '../../src/offline-planner/create-offline-planner.ts';
import { runTurn, widgetDisplayLayer } from '../support/planner-harness.ts';

describe('offline planner against the shop (MCP, in memory) and the in-page calculator', () => {
  let dataDir: string;
  let shop: ShippedServer;
  let connection: McpConnection;
  let layers: ToolLayer[];
  let mcpClients: Map<string, McpConnection>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'offline-planner-shop-'));
    shop = await startShop({ dataDir });
    connection = new McpConnection({
      name: 'shop',
      protocol: 'legacy',
      transport: {
        type: 'in-memory',
        transport: async () => {
          const [client, server] = InMemoryTransport.createLinkedPair();
          await (await shop.createServer({ era: 'legacy' } as McpRequestContext)).connect(server);
          return client;
        },
      },
    });
    layers = [createCalculatorStorageServer().layer(), widgetDisplayLayer(), await connection.layer()];
    mcpClients = new Map([['shop', connection]]);
  });

  afterAll(async () => {
    await connection.close();
    await shop.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('search milk → add the first one to my cart → show my cart, across turns', async () => {
    const session = new AgentSession();
    const options = () => ({ layers, mcpClients, session });

    const search = await runTurn('search milk', options());
    expect(search.names).toEqual([
      'calculator_webmcp_search_tools',
      'shop_mcp_search_tools',
      'shop_mcp_search_products',
      'autoui_webmcp_widget_display',
    ]);
    expect(search.call('shop_mcp_search_products')?.args).toEqual({ query: 'milk' });
    const products = JSON.parse(search.call('shop_mcp_search_products')?.result ?? '').products;
    expect(search.widgets).toHaveLength(1);
    expect(search.widgets[0]).toMatchObject({
      type: 'table',
      data: {
        columns: expect.arrayContaining([
          { key: 'code', label: 'Code' },
          { key: 'name', label: 'Name' },
        ]),
      },
    });
    expect(search.widgets[0]?.data.rows).toHaveLength(products.length);

    const add = await runTurn('add the first one to my cart', options());
    expect(add.names).toContain('recall');
    expect(add.call('shop_mcp_add_to_cart')?.args).toEqual({ code: products[0].code });
    expect(add.call('shop_mcp_add_to_cart')?.error).toBeUndefined();
    expect(add.widgets[0]).toMatchObject({
      type: 'table',
      data: { rows: [expect.objectContaining({ code: products[0].code, quantity: 1 })] },
    });
    // One reply: which earlier item was used, then the result (no note of its own before the call).
    expect(add.texts).toHaveLength(1);
    expect(add.texts[0]).toMatch(
      new RegExp(`^Using code "${products[0].code}" from the earlier search_products result\\. Result: `),
    );

    const cart = await runTurn('show my cart', options());
    expect(cart.call('shop_mcp_show_cart')?.args).toEqual({});
    expect(cart.widgets[0]).toMatchObject({
      type: 'table',
      data: {
        title: 'Cart of local',
        rows: [
          expect.objectContaining({ code: products[0].code, quantity: 1 }),
          expect.objectContaining({ name: 'Total' }),
        ],
      },
    });
    for (const turn of [search, add, cart]) {
      expect(turn.result.stopReason).toBe('end_turn');
      expect(turn.result.text).not.toContain(OFFLINE_PLANNER_NOTICE);
      expect(turn.result.text).not.toMatch(/Calling |I called /);
    }
  });

  test('"add it to my cart" with nothing earlier says the product code is missing', async () => {
    const turn = await runTurn('add it to my cart', { layers, mcpClients, session: new AgentSession() });
    expect(turn.names).toEqual(['calculator_webmcp_search_tools', 'shop_mcp_search_tools']);
    expect(turn.result.text).toContain('The best matching tool is shop_mcp_add_to_cart');
    expect(turn.result.text).toContain('code (string');
  });

  test('"add milk to my cart" with nothing earlier searches the shop for milk first', async () => {
    const turn = await runTurn('add milk to my cart', { layers, mcpClients, session: new AgentSession() });
    expect(turn.call('shop_mcp_search_products')?.args).toEqual({ query: 'milk' });
    expect(turn.names).not.toContain('shop_mcp_add_to_cart');
  });

  test('with every tool offered (eager), a follow-up names the product by a word of it', async () => {
    const session = new AgentSession();
    const options = { layers, mcpClients, session, discovery: 'eager' as const };
    const search = await runTurn('search bread', options);
    expect(search.names).toEqual(['shop_mcp_search_products', 'autoui_webmcp_widget_display']);
    const products: Array<{ code: string; name: string }> = JSON.parse(
      search.call('shop_mcp_search_products')?.result ?? '',
    ).products;
    const rye = products.find((product) => /rye/i.test(product.name));
    expect(rye).toBeDefined();
    const add = await runTurn('add the rye one to my cart', options);
    expect(add.call('shop_mcp_add_to_cart')?.args).toEqual({ code: rye?.code });
  });
});
