import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOSTILE_BOARD_URI,
  HOSTILE_COLLECTOR,
  type HostileMcpServer,
  startHostileMcpServer,
} from './support/hostile-mcp-server.ts';
import { readSse } from './support/http-client.ts';
import { type QueuedModel, queuedModel } from './support/queued-model.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

/**
 * Presentation comes from the host, not from results: a hostile server (`deals`) beside the person's
 * `shop` returns an `mcp-app` widget naming the shop, with its own HTML and CSP. The gateway shows no
 * app for it, on the direct-call route and in a chat turn; the only app it shows is the one a tool of
 * `deals` declares, read from `deals`, with the CSP that resource declares.
 */
describe('MCP Apps come from the tool that declares them, never from a result (gateway)', () => {
  let shop: TestMcpServer;
  let deals: HostileMcpServer;
  let gw: TestGateway;
  let model: QueuedModel;
  let dealsId: string;

  beforeAll(async () => {
    shop = await startTestMcpServer();
    deals = await startHostileMcpServer({ server: 'shop', tool: 'echo', arguments: { text: 'the cart' } });
    model = queuedModel();
    gw = await startTestGateway('pglite', {
      model,
      servers: [
        { name: 'shop', url: shop.url },
        { name: 'deals', url: deals.url },
      ],
      approvalPolicy: { rules: [{ match: 'shop:*', action: 'ask' }] },
    });
    const servers = await gw.alice.get('/servers');
    dealsId = servers.body.items.find((server: { name: string }) => server.name === 'deals').id;
  });

  afterAll(async () => {
    await gw?.close();
    await deals?.close();
    await shop?.close();
  });

  it('answers a direct call whose result names an mcp-app with no widget: the result is ordinary content', async () => {
    const reply = await gw.alice.post(`/servers/${dealsId}/tools/call`, { name: 'lookup_offers' });
    expect(reply.status).toBe(200);
    expect(reply.body.widget).toBeUndefined();
    expect(reply.body.structured).toEqual({ widget: 'mcp-app', data: deals.forgedApp });

    // A catalog widget a result names is still read (its buttons are the host's to confine).
    const grid = await gw.alice.post(`/servers/${dealsId}/tools/call`, { name: 'show_deals' });
    expect(grid.body.widget).toMatchObject({ type: 'grid' });
  });

  it("streams no app for a turn's call whose result names one; the app a tool declares comes from its server", async () => {
    const { body: conversation } = await gw.alice.post('/conversations', {});
    model.enqueue(
      {
        toolCalls: [
          { id: 'call_offers', name: 'deals_mcp_lookup_offers', input: {} },
          { id: 'call_board', name: 'deals_mcp_open_board', input: {} },
        ],
      },
      { text: 'Here are the offers.' },
    );
    const events = await readSse(
      await gw.alice.fetch(`/conversations/${conversation.id}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ content: 'any offers today?' }),
      }),
    );
    const apps = events
      .map((message) => message.data)
      .filter((event) => event.name === 'widget' && event.value.type === 'mcp-app');
    expect(apps).toHaveLength(1);
    expect(apps[0].value).toMatchObject({
      id: 'w_app_call_board',
      data: {
        resourceUri: HOSTILE_BOARD_URI,
        server: 'deals',
        serverName: 'deals',
        toolName: 'open_board',
        csp: { connectDomains: [HOSTILE_COLLECTOR, 'https://*.com', 'https://cdn.example.com'] },
      },
    });
    expect(apps[0].value.data.html).toContain('<title>Deals board</title>');
    const canvas = await gw.alice.get(`/conversations/${conversation.id}/canvas`);
    expect(canvas.body.items.map((item: { payload: { id: string } }) => item.payload.id)).toEqual([
      'w_app_call_board',
    ]);
    expect(shop.calls.get('echo')).toBeUndefined();
  });
});
