import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostileMcpServer, startHostileMcpServer } from './support/hostile-mcp-server.ts';
import { type ApiClient, apiClient, readSse, type SseMessage } from './support/http-client.ts';
import { connectEndpoint } from './support/mcp-endpoint-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway, withGatewayBeside } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

/** The audit trail's rows of a user, oldest first (written behind the calls, so tests poll them). */
async function auditRows(gw: TestGateway, userId: string, sorted = false): Promise<string[]> {
  const { rows } = await gw.gateway.services.db.query<{
    via: string;
    server: string;
    tool: string;
    status: string;
  }>('SELECT via, server, tool, status FROM mcp_endpoint_calls WHERE user_id = $1 ORDER BY id', [userId]);
  const lines = rows.map((row) => `${row.via} ${row.server}:${row.tool} ${row.status}`);
  return sorted ? lines.sort() : lines;
}

/** The id of a registered server, by name. */
async function serverId(client: ApiClient, name: string): Promise<string> {
  const { items } = (await client.get('/servers')).body as { items: Array<{ id: string; name: string }> };
  const found = items.find((item) => item.name === name);
  if (!found) throw new Error(`no server ${name}`);
  return found.id;
}

/**
 * A streamed direct call (`Accept: text/event-stream`); `onQuestion` hears each `elicitation_request`
 * while the call waits. Resolves with the stream's events.
 */
async function streamedCall(
  client: ApiClient,
  id: string,
  name: string,
  args: Record<string, unknown>,
  onQuestion: (question: Record<string, unknown>) => void,
): Promise<SseMessage[]> {
  const response = await client.fetch(`/servers/${id}/tools/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ name, arguments: args }),
  });
  return readSse(response, (message) => {
    if (message.data.type === 'CUSTOM' && message.data.name === 'elicitation_request')
      onQuestion(message.data.value);
    return false;
  });
}

/** The value of a streamed call's last event of a name. */
const last = (messages: SseMessage[], name: string) =>
  messages.findLast((message) => message.data.type === 'CUSTOM' && message.data.name === name)?.data.value;

describe('the call gate: a per-user rate limit on every path, with an audit row per call', () => {
  let shop: TestMcpServer;
  let gw: TestGateway;

  beforeAll(async () => {
    shop = await startTestMcpServer();
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [{ name: 'shop', url: shop.url }],
      limits: { requestsPerMinute: 5 },
    });
  });
  afterAll(async () => {
    await gw?.close();
    await shop?.close();
  });

  it('refuses the 6th direct call of a minute with 429 and Retry-After, as chat and /mcp do, and audits every call', async () => {
    const id = await serverId(gw.bob, 'shop');
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<ApiClient['post']>> | undefined;
    for (let call = 1; call <= 6; call++) {
      const reply = await gw.bob.post(`/servers/${id}/tools/call`, {
        name: 'echo',
        arguments: { text: `call ${call}` },
      });
      statuses.push(reply.status);
      refused = reply;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(refused?.body.error).toMatchObject({ code: 'rate_limited', limit: 5 });
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(shop.calls.get('echo')).toBe(5);
    const streamed = await gw.bob.request(
      'POST',
      `/servers/${id}/tools/call`,
      { name: 'echo', arguments: { text: 'streamed' } },
      { accept: 'text/event-stream' },
    );
    expect(streamed.status).toBe(429);
    expect(Number(streamed.headers.get('retry-after'))).toBeGreaterThan(0);

    // The limit is the user's, whatever the path: a chat message and /mcp calls (a 2025 session and
    // a 2026-07-28 client) are refused too.
    const conversation = (await gw.bob.post('/conversations', {})).body.id as string;
    expect((await gw.bob.post(`/conversations/${conversation}/chat`, { content: 'hi' })).status).toBe(429);
    for (const protocol of ['legacy', 'auto'] as const) {
      const client = await connectEndpoint(gw.url, { key: KEYS.bob, mode: 'aggregate', protocol });
      const viaMcp = await client.callTool({ name: 'shop_echo', arguments: { text: 'again' } });
      await client.close();
      expect(viaMcp.isError).toBe(true);
      expect(JSON.stringify(viaMcp.content)).toContain('Rate limit: 5 requests per 60 s');
    }
    expect(shop.calls.get('echo')).toBe(5);

    await expect
      .poll(() => auditRows(gw, 'bob'))
      .toEqual([
        ...Array.from({ length: 5 }, () => 'direct shop:echo ok'),
        'direct shop:echo rate_limited',
        'direct shop:echo rate_limited',
        'mcp shop:echo rate_limited',
        'mcp shop:echo rate_limited',
      ]);
  });
});

describe('the call gate: the approval policy on direct calls, decided and asked by the gateway', () => {
  let shop: TestMcpServer;
  let deals: HostileMcpServer;
  let gw: TestGateway;
  let shopId: string;
  let dealsId: string;
  const queued = queuedModel();

  beforeAll(async () => {
    shop = await startTestMcpServer();
    deals = await startHostileMcpServer({ server: 'shop', tool: 'echo', arguments: { text: 'x' } });
    gw = await startTestGateway('pglite', {
      model: queued,
      servers: [
        { name: 'shop', url: shop.url },
        { name: 'deals', url: deals.url },
      ],
      approvalPolicy: {
        rules: [
          { match: 'shop:echo', action: 'ask' },
          { match: 'deals:board_refresh', action: 'deny' },
        ],
      },
    });
    [shopId, dealsId] = await Promise.all([serverId(gw.alice, 'shop'), serverId(gw.alice, 'deals')]);
  });
  afterAll(async () => {
    await gw?.close();
    await deals?.close();
    await shop?.close();
  });

  it('answers a plain call the policy asks about with 409 approval_required, saying how to be asked, and runs nothing', async () => {
    const reply = await gw.alice.post(`/servers/${shopId}/tools/call`, {
      name: 'echo',
      arguments: { text: 'plain' },
    });
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('approval_required');
    expect(reply.body.error.message).toContain('Accept: text/event-stream');
    expect(reply.body.error.message).toContain('/servers/tool-calls/elicitations/{requestId}');
    expect(shop.calls.get('echo')).toBeUndefined();
  });

  it("asks a streamed call's person through the stream, as the gateway, and runs the call only once they approve", async () => {
    const runsWhenAsked: number[] = [];
    let stranger: Promise<{ status: number }> | undefined;
    let answered: Promise<{ status: number }> | undefined;
    const messages = await streamedCall(gw.alice, shopId, 'echo', { text: 'approved' }, (question) => {
      runsWhenAsked.push(shop.calls.get('echo') ?? 0);
      const path = `/servers/tool-calls/elicitations/${question.requestId}`;
      stranger = gw.bob.post(path, { action: 'accept', content: { approve: true } });
      answered = stranger.then(() => gw.alice.post(path, { action: 'accept', content: { approve: true } }));
    });
    expect(runsWhenAsked).toEqual([0]);
    expect((await stranger)?.status).toBe(404);
    expect((await answered)?.status).toBe(200);
    expect(last(messages, 'elicitation_request')).toMatchObject({
      server: 'shop',
      mode: 'form',
      message: 'Allow shop:echo to run with {"text":"approved"}?',
      approval: { tool: 'echo', arguments: { text: 'approved' } },
    });
    expect(last(messages, 'tool_call_result')).toMatchObject({ content: 'echo: approved', is_error: false });
    expect(shop.calls.get('echo')).toBe(1);
  });

  it('runs nothing when the person declines, or goes away without answering', async () => {
    let declined: Promise<unknown> | undefined;
    const messages = await streamedCall(gw.alice, shopId, 'echo', { text: 'declined' }, (question) => {
      declined = gw.alice.post(`/servers/tool-calls/elicitations/${question.requestId}`, {
        action: 'decline',
      });
    });
    await declined;
    expect(last(messages, 'tool_call_error')).toEqual({
      code: 'approval_declined',
      message: 'the person did not approve shop:echo; it was not run',
    });

    const response = await gw.alice.fetch(`/servers/${shopId}/tools/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ name: 'echo', arguments: { text: 'gone' } }),
    });
    await readSse(response, (message) => message.data.name === 'elicitation_request');
    expect(shop.calls.get('echo')).toBe(1);
  });

  it("takes the person's approval on another replica", async () => {
    await withGatewayBeside(gw, {}, async (otherUrl) => {
      let forwarded: Promise<{ status: number; body: unknown }> | undefined;
      const messages = await streamedCall(gw.alice, shopId, 'echo', { text: 'elsewhere' }, (question) => {
        forwarded = apiClient(otherUrl, KEYS.alice).post(
          `/servers/tool-calls/elicitations/${question.requestId}`,
          { action: 'accept', content: { approve: true } },
        );
      });
      expect(await forwarded).toMatchObject({ status: 202, body: { forwarded: true } });
      expect(last(messages, 'tool_call_result')).toMatchObject({ content: 'echo: elsewhere' });
    });
    expect(shop.calls.get('echo')).toBe(2);
  });

  it('still refuses what the policy denies with 403, streamed or not', async () => {
    for (const accept of ['application/json', 'text/event-stream']) {
      const reply = await gw.alice.request(
        'POST',
        `/servers/${dealsId}/tools/call`,
        { name: 'board_refresh', arguments: {} },
        { accept },
      );
      expect(reply.status).toBe(403);
      expect(reply.body.error.code).toBe('tool_denied');
    }
    expect(deals.calls.get('board_refresh')).toBeUndefined();
  });

  it('writes an audit row for every direct call, refused ones included', async () => {
    await expect
      .poll(() => auditRows(gw, 'alice', true))
      .toEqual([
        'direct deals:board_refresh denied',
        'direct deals:board_refresh denied',
        'direct shop:echo declined',
        'direct shop:echo declined',
        'direct shop:echo ok',
        'direct shop:echo ok',
        'direct shop:echo refused',
      ]);
  });

  it("audits a chat turn's calls the same way, approvals decided by the loop: run, denied, declined", async () => {
    const conversation = (await gw.bob.post('/conversations', {})).body.id as string;
    queued.enqueue({
      toolCalls: [
        { id: 'call_offers', name: 'deals_mcp_lookup_offers', input: {} },
        { id: 'call_refresh', name: 'deals_mcp_board_refresh', input: {} },
        { id: 'call_echo', name: 'shop_mcp_echo', input: { text: 'from chat' } },
      ],
    });
    const suspended = await gw.bob.post(`/conversations/${conversation}/chat`, { content: 'deals please' });
    expect(suspended.body).toMatchObject({
      stop_reason: 'awaiting_approval',
      pending: [{ call_id: 'call_echo' }],
    });
    queued.enqueue({ text: 'As you wish.' });
    const resumed = await gw.bob.post(`/conversations/${conversation}/approvals`, {
      call_id: 'call_echo',
      decision: 'deny',
    });
    expect(resumed.body).toMatchObject({ stop_reason: 'end_turn' });
    expect(deals.calls.get('board_refresh')).toBeUndefined();
    await expect
      .poll(() => auditRows(gw, 'bob', true))
      .toEqual(['chat deals:board_refresh denied', 'chat deals:lookup_offers ok', 'chat shop:echo declined']);
  });
});
