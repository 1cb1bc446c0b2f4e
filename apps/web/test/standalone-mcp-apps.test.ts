import { InMemoryTransport } from '@modelcontextprotocol/client';
import { fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { CanvasModel } from '@switchboard/autoui';
import type { AgentEvent } from '@switchboard/core';
import { McpConnection, ToolCatalog } from '@switchboard/core';
import { createScriptedModel } from '@switchboard/core/testing';
import type { McpAppToolCall } from '@switchboard/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../src/lib/app-config.ts';
import type { RemoteMcpConnections } from '../src/lib/standalone/remote-mcp-connections.ts';
import { createStandaloneAppPresenter } from '../src/lib/standalone/standalone-app-presenter.ts';
import { createStandaloneDriver } from '../src/lib/standalone/standalone-driver.ts';
import { MemoryStorage } from './support/memory-storage.ts';

const URI = 'ui://clock/app.html';
const HTML = '<!DOCTYPE html><html><head><title>Clock</title></head><body>clock</body></html>';
const TIME = '2026-01-02T03:04:05.000Z';

/** A remote MCP server with an app tool (get-time), a tool only the model may call, and the app's resource. */
function clockServer(mimeType: string, beforeRead: () => Promise<void>): McpServer {
  const server = new McpServer({ name: 'clock', version: '1.0.0' });
  const empty = fromJsonSchema({ type: 'object', properties: {} });
  server.registerTool(
    'get-time',
    { title: 'Get Time', description: 'The time.', inputSchema: empty, _meta: { ui: { resourceUri: URI } } },
    async () => ({ content: [{ type: 'text', text: TIME }], structuredContent: { time: TIME } }),
  );
  server.registerTool(
    'reset',
    { description: 'Resets the clock.', inputSchema: empty, _meta: { ui: { visibility: ['model'] } } },
    async () => ({ content: [{ type: 'text', text: 'reset' }] }),
  );
  server.registerResource('app', URI, { mimeType }, async () => {
    await beforeRead();
    return { contents: [{ uri: URI, mimeType, text: HTML }] };
  });
  return server;
}

const connections: McpConnection[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close();
});

/** What the page's RemoteMcpConnections gives the driver, for one in-memory server named "clock". */
async function remoteClock(mimeType = 'text/html;profile=mcp-app', beforeRead = async () => {}) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await clockServer(mimeType, beforeRead).connect(serverSide);
  const connection = new McpConnection({
    name: 'clock',
    transport: { type: 'in-memory', transport: clientSide },
  });
  connections.push(connection);
  const layer = await connection.layer();
  const remote = {
    layers: () => [layer],
    clients: () => new Map([['clock', connection]]),
    statuses: () => [{ name: 'clock', url: 'memory:', state: 'connected' }],
    onAuthorizationLost: () => () => undefined,
  };
  return { connection, layer, remote: remote as unknown as RemoteMcpConnections };
}

/**
 * A standalone driver whose scripted model calls the remote get-time tool once; returns what it
 * emitted. The server answers the app's resource only once the loop has finished its run.
 */
async function driverCallingTheClock(mimeType?: string, approvalRules = DEFAULT_CONFIG.approvalRules) {
  const { promise: loopFinished, resolve: finishLoop } = Promise.withResolvers<void>();
  const { remote } = await remoteClock(mimeType, () => loopFinished);
  const driver = createStandaloneDriver({
    config: { ...DEFAULT_CONFIG, approvalRules },
    canvas: new CanvasModel(),
    storage: new MemoryStorage(),
    model: createScriptedModel([
      { toolCalls: [{ id: 'call_time', name: 'clock_mcp_get-time', input: {} }] },
      { text: 'The clock is on your canvas.' },
    ]),
    modelLabel: 'scripted',
    servers: [],
    remote,
  });
  const events: AgentEvent[] = [];
  await driver.open((event) => {
    events.push(event);
    if (event.type === 'RUN_FINISHED') finishLoop();
  });
  return { driver, events };
}

const widgets = (events: AgentEvent[]) =>
  events.flatMap((event) =>
    event.type === 'CUSTOM' && event.name === 'widget'
      ? [event.value as { id: string; type: string; data: Record<string, unknown> }]
      : [],
  );

describe('MCP Apps in standalone mode', () => {
  it("shows the app of a remote server's tool, read through the page's connection, before send resolves", async () => {
    const { driver, events } = await driverCallingTheClock();
    await driver.send('What time is it?');
    expect(widgets(events)).toEqual([
      {
        id: 'w_app_call_time',
        type: 'mcp-app',
        toolCallId: 'call_time',
        data: expect.objectContaining({
          resourceUri: URI,
          html: HTML,
          server: 'clock',
          serverName: 'clock',
          protocol: 'mcp',
          toolName: 'get-time',
          title: 'Get Time',
          toolResult: {
            content: [{ type: 'text', text: TIME }],
            structuredContent: { time: TIME },
            isError: false,
          },
        }),
      },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'CUSTOM', name: 'widget', value: { type: 'mcp-app' } });
  });

  it('shows a warning notice instead of an app whose resource is not an MCP App, and the run still ends', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { driver, events } = await driverCallingTheClock('text/plain');
    await driver.send('What time is it?');
    expect(widgets(events)).toEqual([
      {
        id: 'w_app_notice_call_time',
        type: 'alert',
        toolCallId: 'call_time',
        data: {
          level: 'warning',
          title: 'The app of clock_mcp_get-time could not be shown',
          message: expect.stringContaining(`has MIME type "text/plain"; expected text/html;profile=mcp-app`),
        },
      },
    ]);
    expect(events.some((event) => event.type === 'RUN_FINISHED')).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it("runs an app's tools/call on its remote server, under the approval policy", async () => {
    const { driver } = await driverCallingTheClock(undefined, [{ match: 'clock:get-time', action: 'ask' }]);
    const call: McpAppToolCall = {
      serverName: 'clock',
      protocol: 'mcp',
      name: 'get-time',
      arguments: {},
    };
    const refuse = vi.fn(async () => false);
    await expect(driver.callAppTool(call, refuse)).resolves.toEqual({
      content: [{ type: 'text', text: 'The user did not allow clock:get-time' }],
      isError: true,
    });
    expect(refuse).toHaveBeenCalledOnce();
    await expect(driver.callAppTool(call, async () => true)).resolves.toEqual({
      content: [{ type: 'text', text: TIME }],
      structuredContent: { time: TIME },
      isError: false,
    });
    await expect(driver.callAppTool({ ...call, name: 'reset' }, async () => true)).resolves.toEqual({
      content: [{ type: 'text', text: 'clock:reset may not be called by an app' }],
      isError: true,
    });
    await expect(driver.callAppTool({ ...call, serverName: 'weather' }, async () => true)).resolves.toEqual({
      content: [{ type: 'text', text: 'this page is not connected to the MCP server "weather"' }],
      isError: true,
    });
  });

  it('shows no notice for an app whose reading was stopped with the run', async () => {
    const { connection, layer } = await remoteClock();
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    const presenter = createStandaloneAppPresenter({
      catalog: new ToolCatalog([layer]),
      connections: new Map([['clock', connection]]),
      signal: controller.signal,
      emit: (event) => events.push(event),
    });
    controller.abort();
    presenter.observe({
      type: 'CUSTOM',
      name: 'tool_call',
      timestamp: 0,
      value: {
        id: 'call_time',
        name: 'clock_mcp_get-time',
        resolvedName: 'clock_mcp_get-time',
        args: {},
        result: TIME,
        elapsed: 0,
        guided: false,
      },
    });
    await presenter.settled();
    expect(events).toEqual([]);
  });
});
