import { InMemoryTransport } from '@modelcontextprotocol/client';
import { fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import type { AgentEvent, ToolCall } from '@switchboard/core';
import { McpConnection, runAgentLoop, ToolCatalog } from '@switchboard/core';
import { createScriptedModel } from '@switchboard/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpAppServer } from './mcp-app-presenter.ts';
import { McpAppPresenter } from './mcp-app-presenter.ts';
import type { ResourceReadResult } from './mcp-app-resource.ts';

const URI = 'ui://weather/dashboard.html';
const HTML = '<!DOCTYPE html><html><head><title>Weather</title></head><body>app</body></html>';

/** An MCP server with one app tool (forecast), one plain tool (ping) and the app's resource. */
function weatherServer(): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  const input = fromJsonSchema<{ city: string }>({
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
  });
  server.registerTool(
    'forecast',
    {
      title: 'Forecast',
      description: 'The forecast.',
      inputSchema: input,
      _meta: { ui: { resourceUri: URI } },
    },
    async ({ city }) => ({
      content: [{ type: 'text', text: `Sunny in ${city}` }],
      structuredContent: { city, sky: 'sunny' },
    }),
  );
  server.registerTool(
    'ping',
    { description: 'Pong.', inputSchema: fromJsonSchema({ type: 'object', properties: {} }) },
    async () => ({ content: [{ type: 'text', text: 'pong' }] }),
  );
  server.registerResource('dashboard', URI, { mimeType: 'text/html;profile=mcp-app' }, async () => ({
    contents: [
      {
        uri: URI,
        mimeType: 'text/html;profile=mcp-app',
        text: HTML,
        _meta: { ui: { csp: { connectDomains: ['https://api.weather.example'] } } },
      },
    ],
  }));
  return server;
}

const connections: McpConnection[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close();
});

async function connect(): Promise<McpConnection> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await weatherServer().connect(serverSide);
  const connection = new McpConnection({
    name: 'weather',
    transport: { type: 'in-memory', transport: clientSide },
  });
  connections.push(connection);
  return connection;
}

/** Runs a scripted turn, feeding every event through a presenter; returns the widget events and reads. */
async function run(
  toolCalls: Array<{ id: string; name: string; input: unknown }>,
  read?: (server: McpAppServer, uri: string) => Promise<ResourceReadResult>,
) {
  const connection = await connect();
  const layer = await connection.layer();
  const reads: string[] = [];
  const errors: string[] = [];
  const events: AgentEvent[] = [];
  const presenter = new McpAppPresenter({
    catalog: new ToolCatalog([layer]),
    readResource: (server, uri) => {
      reads.push(`${server.serverName}:${uri}`);
      return read ? read(server, uri) : connection.readResource(uri);
    },
    emit: (event) => events.push(event),
    onError: (error, call: ToolCall) => errors.push(`${call.id}: ${error.message}`),
  });
  await runAgentLoop('weather?', {
    provider: createScriptedModel([{ toolCalls }, { text: 'done' }]),
    layers: [layer],
    mcpClients: new Map([['weather', connection]]),
    callbacks: { onEvent: (event) => presenter.observe(event) },
  });
  await presenter.settled();
  return { events, reads, errors };
}

describe('McpAppPresenter', () => {
  it('shows the app of a tool with a ui:// resource, with the call input and the structured result', async () => {
    const { events, reads, errors } = await run([
      { id: 'call_1', name: 'weather_mcp_forecast', input: { city: 'Lyon' } },
      { id: 'call_2', name: 'weather_mcp_ping', input: {} },
    ]);
    expect(errors).toEqual([]);
    expect(reads).toEqual([`weather:${URI}`]);
    expect(events).toEqual([
      {
        type: 'CUSTOM',
        name: 'widget',
        timestamp: expect.any(Number),
        value: {
          id: 'w_app_call_1',
          type: 'mcp-app',
          toolCallId: 'call_1',
          data: {
            resourceUri: URI,
            html: HTML,
            csp: { connectDomains: ['https://api.weather.example'] },
            server: 'weather',
            serverName: 'weather',
            protocol: 'mcp',
            toolName: 'forecast',
            title: 'Forecast',
            toolInput: { city: 'Lyon' },
            toolResult: {
              content: [{ type: 'text', text: 'Sunny in Lyon' }],
              structuredContent: { city: 'Lyon', sky: 'sunny' },
              isError: false,
            },
          },
        },
      },
    ]);
  });

  it('reads the resource once for several calls, and shows no app for a call that failed', async () => {
    const { events, reads } = await run([
      { id: 'a', name: 'weather_mcp_forecast', input: { city: 'Lyon' } },
      { id: 'b', name: 'weather_mcp_forecast', input: { city: 'Nantes' } },
      { id: 'c', name: 'weather_mcp_forecast', input: { town: 'nowhere' } },
    ]);
    expect(reads).toHaveLength(1);
    expect(events.map((event) => (event as { value: { id: string } }).value.id)).toEqual([
      'w_app_a',
      'w_app_b',
    ]);
  });

  it('reports a resource that cannot be shown instead of throwing, and emits nothing for it', async () => {
    const { events, errors } = await run(
      [{ id: 'call_1', name: 'weather_mcp_forecast', input: { city: 'Lyon' } }],
      async () => ({ contents: [{ uri: URI, mimeType: 'text/plain', text: 'not an app' }] }),
    );
    expect(events).toEqual([]);
    expect(errors).toEqual([
      `call_1: weather_mcp_forecast: cannot show its MCP App (${URI}): the MCP App resource ${URI} has MIME type "text/plain"; expected text/html;profile=mcp-app`,
    ]);
  });
});
