import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import type { McpRequestContext } from '@modelcontextprotocol/server';
import { createAutoUiServer } from '@switchboard/autoui';
import {
  type LanguageModel,
  McpConnection,
  type McpLayer,
  type ProviderTool,
  ToolCatalog,
  type ToolLayer,
} from '@switchboard/core';
import { createAnthropicModel, createOpenAIModel } from '@switchboard/providers';
import {
  anthropicStream,
  collectEvents,
  type FakeModelServer,
  openaiStream,
  startFakeModelServer,
} from '@switchboard/providers/testing';
import { SHIPPED_SERVERS } from '@switchboard/servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShippedForGateway, startShippedForGateway } from './support/shipped-for-gateway.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

/**
 * Every tool we offer a model, against each vendor's published request limits as the wire-replay
 * vendor server enforces them: the gateway's first request with the shipped servers and the UI layer,
 * and every tool of the shipped servers and of the ../shared/data catalogs sent through each adapter.
 */
const VENDORS = [
  {
    vendor: 'openai',
    reply: openaiStream,
    model: (fake: FakeModelServer): LanguageModel =>
      createOpenAIModel({ apiKey: 'sk-test', model: 'gpt-test', baseURL: fake.openaiBaseURL, maxRetries: 0 }),
  },
  {
    vendor: 'anthropic',
    reply: anthropicStream,
    model: (fake: FakeModelServer): LanguageModel =>
      createAnthropicModel({
        apiKey: 'sk-test',
        model: 'claude-test',
        baseURL: fake.anthropicBaseURL,
        maxRetries: 0,
      }),
  },
];

describe.each(VENDORS)('$vendor: a gateway turn with the shipped tools', ({ reply, model }) => {
  let fake: FakeModelServer;
  let shipped: ShippedForGateway;
  let gw: TestGateway;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    shipped = await startShippedForGateway(Object.keys(SHIPPED_SERVERS));
    gw = await startTestGateway('pglite', {
      model: model(fake),
      ...shipped.gateway,
      extraLayers: [createAutoUiServer().layer()],
    });
  });
  afterAll(async () => {
    await gw?.close();
    await shipped?.close();
    await fake?.close();
  });

  it('is accepted by the vendor and answers', async () => {
    fake.enqueue(reply({ text: 'Hello there.' }));
    const { id } = (await gw.alice.post('/conversations', {})).body as { id: string };
    const turn = await gw.alice.post(`/conversations/${id}/chat`, { content: 'hi' });
    expect(turn.body).toMatchObject({ success: true, stop_reason: 'end_turn' });
    expect(turn.body.assistant_message.content).toBe('Hello there.');
    expect(JSON.stringify(fake.requests[0]?.body)).toContain('autoui_webmcp_widget_display');
  });
});

const DATA = ['livemcpbench/servers.json', 'toucan/servers.json'].map((file) =>
  fileURLToPath(new URL(`../../../../shared/data/${file}`, import.meta.url)),
);
const dataAvailable = DATA.every((file) => existsSync(file));

/** The servers of one ../shared/data file as MCP layers. */
function dataLayers(file: string): McpLayer[] {
  const servers = JSON.parse(readFileSync(file, 'utf8')) as Array<
    Omit<McpLayer, 'protocol' | 'serverName'> & { name: string }
  >;
  return servers.map((server) => ({
    protocol: 'mcp',
    serverName: server.name,
    description: server.description,
    tools: server.tools,
  }));
}

/** Every tool a catalog can offer: its discovery tools, then every real tool. */
function offered(catalog: ToolCatalog): ProviderTool[] {
  return [...catalog.discoveryTools(), ...catalog.allTools()];
}

describe('every shipped and ../shared/data tool, through each adapter', () => {
  let fake: FakeModelServer;
  let shippedLayers: ToolLayer[];
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    fake = await startFakeModelServer();
    shippedLayers = [createAutoUiServer().layer()];
    for (const [name, start] of Object.entries(SHIPPED_SERVERS)) {
      const server = await start({ dataDir: undefined });
      const [client, transport] = InMemoryTransport.createLinkedPair();
      await (await server.createServer({ era: 'legacy' } as McpRequestContext)).connect(transport);
      const connection = new McpConnection({ name, transport: { type: 'in-memory', transport: client } });
      shippedLayers.push(await connection.layer());
      closers.push(
        () => connection.close(),
        () => server.close(),
      );
    }
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await fake?.close();
  });

  it.each(VENDORS)(
    '$vendor accepts every shipped tool, per server and globally',
    async ({ reply, model }) => {
      const perServer = new ToolCatalog(shippedLayers);
      const global = new ToolCatalog(shippedLayers, { discovery: { mode: 'global' } });
      await expectAccepted(model(fake), reply, [...offered(perServer), ...offered(global)]);
    },
  );

  it.skipIf(!dataAvailable).each(VENDORS)(
    '$vendor accepts every ../shared/data tool',
    async ({ reply, model }) => {
      const catalog = new ToolCatalog([...shippedLayers, ...DATA.flatMap(dataLayers)]);
      const tools = offered(catalog);
      expect(tools.length).toBeGreaterThan(6000);
      await expectAccepted(model(fake), reply, tools);
    },
    60_000,
  );

  /** Sends the tools in requests of at most 128 (the loop's cap) and expects every one answered. */
  async function expectAccepted(
    provider: LanguageModel,
    reply: (typeof VENDORS)[number]['reply'],
    tools: ProviderTool[],
  ): Promise<void> {
    const unique = [...new Map(tools.map((tool) => [tool.name, tool])).values()];
    for (let start = 0; start < unique.length; start += 128) {
      fake.enqueue(reply({ text: 'ok' }));
      const events = await collectEvents(
        provider.stream({
          system: 'test',
          messages: [{ role: 'user', content: 'hi' }],
          tools: unique.slice(start, start + 128),
          signal: new AbortController().signal,
        }),
      );
      expect(events.find((event) => event.type === 'finish')).toEqual(
        expect.objectContaining({ reason: 'end_turn' }),
      );
    }
  }
});
