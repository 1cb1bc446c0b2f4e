import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogServers, catalogServers } from '../../../bench/catalog-mcp-servers.ts';
import { readServers } from '../../../bench/load-catalog-data.ts';
import { DISCOVERY_TOOLS } from '../src/mcp-endpoint/discovery-tools.ts';
import { connectEndpoint } from './support/mcp-endpoint-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';

const DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const CATALOGS = [`${DATA}livemcpbench/servers.json`, `${DATA}toucan/servers.json`].join(',');

describe('/mcp over an 841-server catalog', () => {
  let catalog: CatalogServers;
  let gw: TestGateway;
  let client: Client;

  beforeAll(async () => {
    catalog = catalogServers(readServers(CATALOGS));
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: catalog.seeds,
      builtins: catalog.builtins,
    });
    client = await connectEndpoint(gw.url, { key: KEYS.alice });
  }, 240_000);
  afterAll(async () => {
    await client?.close();
    await gw?.close();
  });

  it('offers the three discovery tools by default, the same list as for any catalog', async () => {
    expect(catalog.seeds).toHaveLength(841);
    const { tools } = await client.listTools();
    expect(tools).toEqual(DISCOVERY_TOOLS);
  }, 240_000);

  it('finds a tool among thousands, calls it on its own server and returns its result', async () => {
    const found = await client.callTool({
      name: 'search_tools',
      arguments: { query: 'current weather forecast for a city', limit: 5 },
    });
    const hits = (found.structuredContent as { tools: Array<{ name: string; server: string }> }).tools;
    expect(hits).toHaveLength(5);
    expect(hits.some((hit) => /weather/i.test(hit.name))).toBe(true);
    const chosen = hits.find((hit) => /weather/i.test(hit.name)) ?? hits[0];
    const described = await client.callTool({ name: 'describe_tool', arguments: { name: chosen.name } });
    expect(described.isError).toBeFalsy();

    const called = await client.callTool({
      name: 'call_tool',
      arguments: { name: chosen.name, arguments: { city: 'Lyon' } },
    });
    expect(called.isError).toBeFalsy();
    expect(called.structuredContent).toMatchObject({ server: chosen.server, arguments: { city: 'Lyon' } });
    expect(catalog.calls).toEqual([
      `${chosen.server}/${(called.structuredContent as { tool: string }).tool}`,
    ]);
  }, 240_000);

  it('lists every tool of every server in aggregate mode, each name provider-safe and unique', async () => {
    const aggregate = await connectEndpoint(gw.url, { key: KEYS.alice, mode: 'aggregate' });
    try {
      const { tools } = await aggregate.listTools();
      const distinct = readServers(CATALOGS).reduce(
        (sum, server) => sum + new Set(server.tools.map((tool) => tool.name)).size,
        0,
      );
      expect(tools.length).toBe(distinct);
      const names = tools.map((tool) => tool.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names.every((name) => /^[a-zA-Z0-9_-]{1,64}$/.test(name))).toBe(true);
    } finally {
      await aggregate.close();
    }
  }, 240_000);
});
