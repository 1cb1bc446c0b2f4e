import { fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { type HttpServing, serveHttp } from '@switchboard/servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTypes, readSse } from './support/http-client.ts';
import { type QueuedModel, queuedModel } from './support/queued-model.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

const APP_HTML = '<!doctype html><html><head><title>Clock</title></head><body>clock app</body></html>';

/** An MCP server with an MCP App: `clock` renders `ui://clock/app.html`; `broken` names a resource that does not exist. */
function createAppServer(): McpServer {
  const server = new McpServer({ name: 'apps', version: '1.0.0' });
  const noInput = fromJsonSchema({ type: 'object', properties: {} } as Parameters<typeof fromJsonSchema>[0]);
  server.registerTool(
    'clock',
    {
      description: 'Shows the server clock.',
      inputSchema: noInput,
      _meta: { ui: { resourceUri: 'ui://clock/app.html' } },
    },
    async () => ({
      content: [{ type: 'text', text: '12:00' }],
      structuredContent: { time: '12:00' },
    }),
  );
  server.registerTool(
    'broken',
    {
      description: 'A tool whose app cannot be read.',
      inputSchema: noInput,
      _meta: { ui: { resourceUri: 'ui://missing/app.html' } },
    },
    async () => ({ content: [{ type: 'text', text: 'ok' }] }),
  );
  server.registerResource(
    'clock-app',
    'ui://clock/app.html',
    { mimeType: 'text/html;profile=mcp-app' },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'text/html;profile=mcp-app',
          text: APP_HTML,
          _meta: { ui: { csp: { resourceDomains: ['https://cdn.example.org'] } } },
        },
      ],
    }),
  );
  return server;
}

describe('MCP Apps in gateway turns', () => {
  let apps: HttpServing;
  let gw: TestGateway;
  let model: QueuedModel;

  beforeAll(async () => {
    apps = await serveHttp(createAppServer, { port: 0, host: '127.0.0.1' });
    model = queuedModel();
    gw = await startTestGateway('pglite', { model, servers: [{ name: 'apps', url: apps.url }] });
  });

  afterAll(async () => {
    await gw?.close();
    await apps?.close();
  });

  it('streams and stores the app of a tool call as an mcp-app widget before the turn is saved', async () => {
    const { body: conversation } = await gw.alice.post('/conversations', {});
    model.enqueue(
      { text: 'Opening the clock.', toolCalls: [{ id: 'call_clock', name: 'apps_mcp_clock', input: {} }] },
      { text: 'The clock is on your canvas.' },
    );
    const events = await readSse(
      await gw.alice.fetch(`/conversations/${conversation.id}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ content: 'what time is it?' }),
      }),
    );
    const types = eventTypes(events);
    const widgetAt = events.findIndex(
      (message) => message.data.name === 'widget' && message.data.value.type === 'mcp-app',
    );
    expect(widgetAt).toBeGreaterThan(types.indexOf('CUSTOM:tool_call'));
    expect(widgetAt).toBeLessThan(types.indexOf('CUSTOM:turn_saved'));
    expect(types.at(-1)).toBe('RUN_FINISHED');
    const widget = events[widgetAt].data.value;
    expect(widget).toMatchObject({
      id: 'w_app_call_clock',
      toolCallId: 'call_clock',
      data: {
        resourceUri: 'ui://clock/app.html',
        html: APP_HTML,
        csp: { resourceDomains: ['https://cdn.example.org'] },
        serverName: 'apps',
        toolName: 'clock',
        toolInput: {},
        toolResult: { content: [{ type: 'text', text: '12:00' }], structuredContent: { time: '12:00' } },
      },
    });

    const canvas = await gw.alice.get(`/conversations/${conversation.id}/canvas`);
    expect(canvas.body.items).toEqual([
      expect.objectContaining({
        kind: 'widget',
        payload: expect.objectContaining({ id: 'w_app_call_clock' }),
      }),
    ]);
  });

  it('ends the turn normally when the app cannot be read, showing nothing for it', async () => {
    const { body: conversation } = await gw.alice.post('/conversations', {});
    model.enqueue(
      { toolCalls: [{ id: 'call_broken', name: 'apps_mcp_broken', input: {} }] },
      { text: 'Done.' },
    );
    const reply = await gw.alice.post(`/conversations/${conversation.id}/chat`, { content: 'try it' });
    expect(reply.body).toMatchObject({ success: true, stop_reason: 'end_turn' });
    expect((await gw.alice.get(`/conversations/${conversation.id}/canvas`)).body.items).toEqual([]);
  });
});
