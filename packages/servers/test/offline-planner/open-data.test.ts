import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentSession, McpConnection, type ToolLayer } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createCalculatorStorageServer,
  type HttpServing,
  type ShippedServer,
  serveHttp,
  startOpenData,
  startShop,
} from '../../src/index.ts';
import { OFFLINE_PLANNER_NOTICE } from '../../src/offline-planner/create-offline-planner.ts';
import { runTurn, widgetDisplayLayer } from '../support/planner-harness.ts';

/** The demo set: in-page calculator, a display tool, and the shop and open-data servers over Streamable HTTP. */
describe('offline planner against the open-data server (Streamable HTTP) among the demo servers', () => {
  let dataDir: string;
  let servers: ShippedServer[];
  let serving: HttpServing[];
  let connections: McpConnection[];
  let layers: ToolLayer[];
  let mcpClients: Map<string, McpConnection>;
  const options = () => ({ layers, mcpClients, session: new AgentSession() });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'offline-planner-open-data-'));
    servers = await Promise.all([startOpenData(), startShop({ dataDir })]);
    serving = await Promise.all(servers.map((server) => serveHttp(server.createServer)));
    connections = servers.map(
      (server, index) =>
        new McpConnection({
          name: server.name,
          transport: { type: 'http', url: (serving[index] as HttpServing).url },
        }),
    );
    layers = [
      createCalculatorStorageServer().layer(),
      widgetDisplayLayer(),
      ...(await Promise.all(connections.map((connection) => connection.layer()))),
    ];
    mcpClients = new Map(connections.map((connection) => [connection.name, connection]));
  });

  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await Promise.all(serving.map((http) => http.close()));
    await Promise.all(servers.map((server) => server.close()));
    await rm(dataDir, { recursive: true, force: true });
  });

  test('"which are the largest countries by area" → SQL from a template → bar chart', async () => {
    const turn = await runTurn('which are the largest countries by area', options());
    expect(turn.names).toEqual([
      'calculator_webmcp_search_tools',
      'open_data_mcp_search_tools',
      'shop_mcp_search_tools',
      'open_data_mcp_get_recipe',
      'open_data_mcp_query_sql',
      'autoui_webmcp_widget_display',
    ]);
    // The SQL templates are the server's own, read from the recipe it publishes.
    expect(turn.call('open_data_mcp_get_recipe')?.args).toEqual({ name: 'country-questions' });
    expect(turn.call('open_data_mcp_query_sql')?.args).toEqual({
      sql: 'SELECT name, area FROM countries WHERE area IS NOT NULL ORDER BY area DESC LIMIT $1',
      params: [10],
    });
    expect(turn.widgets).toEqual([
      expect.objectContaining({
        type: 'chart',
        data: {
          title: 'Largest countries by area (km²)',
          type: 'bar',
          labels: expect.arrayContaining(['Russia', 'Canada', 'China']),
          series: [{ name: 'Area', data: expect.any(Array) }],
        },
      }),
    ]);
    expect(turn.widgets[0]?.data.labels).toHaveProperty('0', 'Russia');
    expect(turn.result.text).toContain('fixed question template "largest countries by area"');
    expect(turn.result.text).not.toContain(OFFLINE_PLANNER_NOTICE);
  });

  test('"show countries in South America on a map" → map markers', async () => {
    const turn = await runTurn('show countries in South America on a map', options());
    expect(turn.call('open_data_mcp_query_sql')?.args).toEqual({
      sql: 'SELECT name, capital, lat, lng FROM countries WHERE (region ILIKE $1 OR subregion ILIKE $1) ORDER BY name',
      params: ['South America'],
    });
    const [map] = turn.widgets;
    expect(map?.type).toBe('map');
    expect(map?.data).toMatchObject({
      center: [expect.any(Number), expect.any(Number)],
      zoom: expect.any(Number),
    });
    expect(map?.data.markers).toContainEqual({
      lat: expect.any(Number),
      lng: expect.any(Number),
      label: 'Brazil',
    });
    expect(((map?.data.markers ?? []) as unknown[]).length).toBeGreaterThanOrEqual(12);
  });

  test("the README's two country questions in one conversation: the second reuses or re-reads the templates", async () => {
    const session = new AgentSession();
    const largest = await runTurn('which are the largest countries by area', { layers, mcpClients, session });
    expect(largest.widgets[0]?.type).toBe('chart');
    const map = await runTurn('show countries in South America on a map', { layers, mcpClients, session });
    expect(map.call('open_data_mcp_query_sql')?.args).toEqual({
      sql: 'SELECT name, capital, lat, lng FROM countries WHERE (region ILIKE $1 OR subregion ILIKE $1) ORDER BY name',
      params: ['South America'],
    });
    expect(map.widgets[0]?.type).toBe('map');
  });

  test('"tell me about France" → a country profile as markdown', async () => {
    const turn = await runTurn('tell me about France', options());
    expect(turn.call('open_data_mcp_query_sql')?.args).toMatchObject({ params: ['France'] });
    expect(turn.widgets[0]?.type).toBe('markdown');
    expect(turn.widgets[0]?.data.content).toContain('### France');
    expect(turn.widgets[0]?.data.content).toContain('- **Capital:** Paris');
    expect(turn.widgets[0]?.data.content).toContain('- **Languages:** French');
  });

  test('counting and neighbours: a stat and a table', async () => {
    const count = await runTurn('how many countries are in Africa?', options());
    expect(count.widgets).toEqual([
      expect.objectContaining({
        type: 'stat',
        data: { label: 'Countries in Africa', value: expect.any(Number) },
      }),
    ]);
    expect(count.widgets[0]?.data.value).toBeGreaterThan(50);

    const borders = await runTurn('which countries border Germany', options());
    expect(borders.widgets[0]).toMatchObject({
      type: 'table',
      data: {
        columns: [
          { key: 'name', label: 'Name' },
          { key: 'capital', label: 'Capital' },
          { key: 'region', label: 'Region' },
          { key: 'area', label: 'Area' },
        ],
        rows: expect.arrayContaining([expect.objectContaining({ name: 'France', capital: 'Paris' })]),
      },
    });
  });

  test('with every server connected, arithmetic still goes to the calculator and a question no tool fits is declined', async () => {
    const sum = await runTurn('what is 5 plus 3', options());
    expect(sum.call('calculator_webmcp_calculate')?.args).toEqual({ operation: 'add', a: 5, b: 3 });
    expect(sum.widgets[0]).toMatchObject({ type: 'stat', data: { value: 8 } });
    expect(sum.names).not.toContain('open_data_mcp_query_sql');

    const weather = await runTurn('will it rain tomorrow', options());
    expect(weather.names.every((name) => name.endsWith('_search_tools'))).toBe(true);
    expect(weather.result.text).toContain('I could not find a tool');
  });

  // Requests beyond the README's "Try asking" list, of the kinds people send: what the planner must
  // not do with them matters more than what it shows.
  const STATE_CHANGING = [
    'shop_mcp_checkout',
    'shop_mcp_remove_from_cart',
    'shop_mcp_add_to_cart',
    'calculator_webmcp_set-storage',
  ];

  test.each(['what can you do?', 'help', 'hello', 'which tools do you have?'])(
    '"%s" answers from the connected servers\' tools and recipes, calling none of them',
    async (question) => {
      const turn = await runTurn(question, options());
      expect(turn.names.every((name) => /_list_(?:tools|recipes)$/.test(name))).toBe(true);
      expect(turn.names).toEqual(
        expect.arrayContaining(['shop_mcp_list_tools', 'open_data_mcp_list_recipes']),
      );
      expect(turn.result.text).toContain('calculate');
      expect(turn.result.text).toContain('search_products');
      expect(turn.result.text).toContain('query_sql');
      expect(turn.result.text).toContain('checkout*');
      expect(turn.result.text).toContain('compare-countries');
      expect(turn.result.text).not.toContain('I could not find a tool');
    },
  );

  test.each([
    'empty my cart',
    'clear my cart',
    'delete everything',
    'wipe the basket',
    'reset my order',
    'get rid of it all',
    'cancel everything in my cart',
    'I am done with the cart',
  ])('"%s" names no action, so nothing that changes state is called', async (request) => {
    const session = new AgentSession();
    await runTurn('search milk', { layers, mcpClients, session });
    const turn = await runTurn(request, { layers, mcpClients, session });
    expect(turn.names.filter((name) => STATE_CHANGING.includes(name))).toEqual([]);
    expect(turn.result.text).not.toMatch(/^Result:/);
  });

  test('a request that names the action gets it: "check out my cart" calls checkout', async () => {
    const turn = await runTurn('check out my cart', options());
    expect(turn.names).toContain('shop_mcp_checkout');
  });

  test('"remove the milk from my cart" looks in the cart, not at the last search, and removes only what is there', async () => {
    const session = new AgentSession();
    const say = (message: string) => runTurn(message, { layers, mcpClients, session });
    const search = await say('search milk');
    const [first, second] = JSON.parse(search.call('shop_mcp_search_products')?.result ?? '').products;
    const notThere = await say('remove the milk from my cart');
    expect(notThere.names).toContain('shop_mcp_get_cart');
    expect(notThere.names).not.toContain('shop_mcp_remove_from_cart');
    expect(notThere.result.text).toContain('Nothing in the result of get_cart matches');

    await say('add the second one to my cart');
    await say('search milk');
    const removed = await say('remove the milk from my cart');
    expect(removed.call('shop_mcp_remove_from_cart')?.args).toEqual({ code: second.code });
    expect(removed.call('shop_mcp_remove_from_cart')?.args).not.toEqual({ code: first.code });
  });

  test.each([
    ['which African countries have the most people', 'people'],
    ['compare the population of France and Germany', 'population'],
    ['compare France and Germany by gdp', 'gdp'],
    ['which are the richest countries in Europe', 'richest'],
    ['which countries have the highest GDP', 'highest'],
  ])(
    '"%s" is outside the templates: it says so and what they answer, and shows nothing',
    async (question, gap) => {
      const turn = await runTurn(question, options());
      expect(turn.names).not.toContain('open_data_mcp_query_sql');
      expect(turn.names).not.toContain('open_data_mcp_list_tables');
      expect(turn.widgets).toEqual([]);
      expect(turn.result.text).toContain(`"${gap}"`);
      expect(turn.result.text).toMatch(/compare France and Germany|Ask "help"/);
    },
  );

  test('a comparison that finds only some of the countries says which matched nothing', async () => {
    const turn = await runTurn('compare France and Narnia', options());
    expect(turn.call('open_data_mcp_query_sql')?.args).toMatchObject({ params: [['France', 'Narnia']] });
    expect(turn.result.text).toContain('No country matched "Narnia"');
  });
});
