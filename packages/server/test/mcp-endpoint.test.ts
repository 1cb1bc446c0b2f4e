import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeWith } from './support/endpoint-oauth.ts';
import { connectEndpoint } from './support/mcp-endpoint-client.ts';
import { type QueuedModel, queuedModel } from './support/queued-model.ts';
import { type ShippedForGateway, startShippedForGateway } from './support/shipped-for-gateway.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

type ToolResult = {
  content: Array<{ type: string; text?: string }>;
  isError?: boolean;
  structuredContent?: unknown;
};

const textOf = (result: unknown) =>
  (result as ToolResult).content.map((block) => block.text ?? '').join('\n');

describe('the gateway as an MCP server (/mcp)', () => {
  let shipped: ShippedForGateway;
  let tools: TestMcpServer;
  let model: QueuedModel;
  let gw: TestGateway;
  const clients: Client[] = [];
  const connect = async (...args: Parameters<typeof connectEndpoint>) => {
    const client = await connectEndpoint(...args);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    shipped = await startShippedForGateway(['shop', 'calculator-storage']);
    tools = await startTestMcpServer();
    model = queuedModel();
    gw = await startTestGateway('pglite', {
      model,
      ...shipped.gateway,
      servers: [...shipped.gateway.servers, { name: 'test tools', url: tools.url }],
      allowPrivateNetworks: true,
      approvalPolicy: { rules: [{ match: '*:delete_*', action: 'ask' }] },
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await gw?.close();
    await tools?.close();
    await shipped?.close();
  });

  it('answers a request without a key with 401 and the protected-resource metadata (RFC 9728)', async () => {
    const reply = await fetch(`${gw.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(reply.status).toBe(401);
    const challenge = reply.headers.get('www-authenticate') ?? '';
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(metadataUrl).toBe(`${gw.url}/.well-known/oauth-protected-resource/mcp`);
    const metadata = await (await fetch(metadataUrl as string)).json();
    expect(metadata).toMatchObject({ resource: `${gw.url}/mcp`, bearer_methods_supported: ['header'] });

    const wrongKey = await fetch(`${gw.url}/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.headers.get('www-authenticate')).toContain('error="invalid_token"');
    await expect(connectEndpoint(gw.url, {})).rejects.toThrow();
  });

  it("refuses a request from another site's page (Origin), key or not", async () => {
    const reply = await fetch(`${gw.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEYS.alice}`,
        origin: 'http://evil.example',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(reply.status).toBe(403);
  });

  it('refuses an unknown mode with a message naming the accepted ones', async () => {
    const reply = await fetch(`${gw.url}/mcp?mode=everything`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.alice}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(await reply.json())).toContain('?mode=discovery, ?mode=aggregate');
  });

  for (const protocol of ['auto', 'legacy'] as const) {
    it(`aggregate mode lists every tool as {server}_{tool} and calls them through the shipped servers (${protocol})`, async () => {
      const client = await connect(gw.url, { key: KEYS.alice, mode: 'aggregate', protocol });
      expect(client.getNegotiatedProtocolVersion()).toMatch(protocol === 'auto' ? /^2026-/ : /^2025-/);
      const listed = (await client.listTools()).tools.map((tool) => tool.name);
      expect(listed).toEqual(
        expect.arrayContaining(['shop_add_to_cart', 'shop_get_cart', 'test_tools_echo']),
      );
      expect(listed.every((name) => /^[a-zA-Z0-9_-]{1,64}$/.test(name))).toBe(true);
      const echoed = await client.callTool({ name: 'test_tools_echo', arguments: { text: 'hi' } });
      expect(textOf(echoed)).toBe('echo: hi');
      const products = await client.callTool({ name: 'test_tools_show_products', arguments: {} });
      expect(products.structuredContent).toMatchObject({ widget: 'cards' });
    });
  }

  it('discovery mode: three tools, then search → call → result, and found tools join tools/list', async () => {
    let changed = 0;
    const client = await connect(gw.url, {
      key: KEYS.alice,
      mode: 'discovery',
      protocol: 'legacy',
      onToolsChanged: () => {
        changed += 1;
      },
    });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'search_tools',
      'describe_tool',
      'call_tool',
    ]);
    const found = await client.callTool({ name: 'search_tools', arguments: { query: 'echo text back' } });
    const hits = (found.structuredContent as { tools: Array<{ name: string }> }).tools.map(
      (tool) => tool.name,
    );
    expect(hits).toContain('test_tools_echo');
    const described = await client.callTool({
      name: 'describe_tool',
      arguments: { name: 'test_tools_echo' },
    });
    expect(described.structuredContent).toMatchObject({ inputSchema: { required: ['text'] } });
    const called = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'test_tools_echo', arguments: { text: 'via discovery' } },
    });
    expect(textOf(called)).toBe('echo: via discovery');
    await expect.poll(() => changed).toBeGreaterThan(0);
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    expect(listed.slice(0, 3)).toEqual(['search_tools', 'describe_tool', 'call_tool']);
    expect(listed).toContain('test_tools_echo');
    const direct = await client.callTool({ name: 'test_tools_echo', arguments: { text: 'direct' } });
    expect(textOf(direct)).toBe('echo: direct');
  });

  it("adds the tools a 2026-07-28 client found to that user's tools/list (no session)", async () => {
    const client = await connect(gw.url, { key: KEYS.bob, mode: 'discovery' });
    expect((await client.listTools()).tools).toHaveLength(3);
    await client.callTool({ name: 'search_tools', arguments: { query: 'echo text back', limit: 1 } });
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    expect(listed).toEqual(['search_tools', 'describe_tool', 'call_tool', 'test_tools_echo']);
  });

  it('takes several queries at once, as chat does, and merges what each found', async () => {
    const client = await connect(gw.url, { key: KEYS.alice, mode: 'discovery' });
    const search = (await client.listTools()).tools.find((tool) => tool.name === 'search_tools');
    expect(search?.inputSchema.properties).toMatchObject({ query: {}, queries: { type: 'array' } });
    const hitsOf = async (args: Record<string, unknown>) => {
      const found = await client.callTool({ name: 'search_tools', arguments: { ...args, limit: 1 } });
      return (found.structuredContent as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name);
    };
    const [echo] = await hitsOf({ query: 'echo text back' });
    const [cart] = await hitsOf({ query: 'add a product to the cart' });
    expect([echo, cart]).toEqual(['test_tools_echo', 'shop_add_to_cart']);
    expect(await hitsOf({ queries: ['echo text back', 'add a product to the cart'] })).toEqual([echo, cart]);
    const tooMany = await client.callTool({
      name: 'search_tools',
      arguments: { queries: Array(9).fill('x') },
    });
    expect(tooMany.isError).toBe(true);
    expect(textOf(tooMany)).toContain('at most 8');
  });

  it('serves the oldest protocol it supports, 2025-03-26, in a session', async () => {
    const reply = await initializeWith(new URL('/mcp', gw.url), KEYS.alice, '2025-03-26');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('mcp-session-id')).toBeTruthy();
    expect(await reply.text()).toContain('"protocolVersion":"2025-03-26"');
  });

  it('answers bad discovery input with an error saying what to send', async () => {
    const client = await connect(gw.url, { key: KEYS.alice, mode: 'discovery' });
    const noQuery = await client.callTool({ name: 'search_tools', arguments: {} });
    expect(noQuery.isError).toBe(true);
    expect(textOf(noQuery)).toContain('needs "query"');
    const unknown = await client.callTool({ name: 'call_tool', arguments: { name: 'nope_tool' } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('Unknown tool "nope_tool"');
  });

  it("passes the servers' resources through, named by server, read by their own URI", async () => {
    const client = await connect(gw.url, { key: KEYS.alice, mode: 'discovery' });
    const { resources } = await client.listResources();
    const shop = resources.find((resource) => resource.name.startsWith('shop_'));
    expect(shop).toBeDefined();
    const read = await client.readResource({ uri: shop?.uri as string });
    expect(read.contents[0]).toMatchObject({ uri: shop?.uri });
    await expect(client.readResource({ uri: 'nowhere://nothing' })).rejects.toThrow(
      /not offered by any of your servers/,
    );
  });

  it("keeps each user's servers and data to that user", async () => {
    const own = await gw.alice.post('/servers', { name: 'alice-private', url: tools.url });
    expect(own.status).toBe(201);
    const bob = await connect(gw.url, { key: KEYS.bob, mode: 'aggregate' });
    const bobTools = (await bob.listTools()).tools.map((tool) => tool.name);
    expect(bobTools.some((name) => name.startsWith('alice_private_'))).toBe(false);
    const refused = await bob.callTool({ name: 'alice_private_echo', arguments: { text: 'x' } });
    expect(refused.isError).toBe(true);
    const alice = await connect(gw.url, { key: KEYS.alice, mode: 'aggregate' });
    expect((await alice.listTools()).tools.map((tool) => tool.name)).toContain('alice_private_echo');

    // The shop keys carts on the gateway user the call is made for, whatever the arguments say.
    await alice.callTool({ name: 'shop_add_to_cart', arguments: { code: 'DAI-001', quantity: 3 } });
    const bobCart = await bob.callTool({ name: 'shop_get_cart', arguments: { user: 'alice' } });
    expect(textOf(bobCart)).not.toContain('DAI-001');
    const aliceCart = await alice.callTool({ name: 'shop_get_cart', arguments: {} });
    expect(textOf(aliceCart)).toContain('DAI-001');
  });

  it('never runs a tool that needs approval without it', async () => {
    const before = tools.calls.get('delete_everything') ?? 0;
    const cannotAsk = await connect(gw.url, { key: KEYS.alice, mode: 'aggregate' });
    const refused = await cannotAsk.callTool({ name: 'test_tools_delete_everything', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("needs the user's approval");

    const declines = await connect(gw.url, {
      key: KEYS.alice,
      mode: 'aggregate',
      protocol: 'legacy',
      elicit: () => ({ action: 'decline' }),
    });
    const declined = await declines.callTool({ name: 'test_tools_delete_everything', arguments: {} });
    expect(declined.isError).toBe(true);
    expect(textOf(declined)).toContain('did not approve');
    expect(tools.calls.get('delete_everything') ?? 0).toBe(before);

    const prompts: string[] = [];
    const approves = await connect(gw.url, {
      key: KEYS.alice,
      mode: 'aggregate',
      protocol: 'legacy',
      elicit: (message) => {
        prompts.push(message);
        return { action: 'accept', content: { approve: true } };
      },
    });
    const approved = await approves.callTool({ name: 'test_tools_delete_everything', arguments: {} });
    expect(textOf(approved)).toBe('deleted');
    expect(prompts).toEqual([expect.stringContaining('test_tools:delete_everything')]);
    expect(tools.calls.get('delete_everything')).toBe(before + 1);

    // A 2026-07-28 client answers the same question through the multi-round-trip flow.
    const modern = await connect(gw.url, {
      key: KEYS.alice,
      mode: 'aggregate',
      elicit: () => ({ action: 'accept', content: { approve: true } }),
    });
    const approvedAgain = await modern.callTool({ name: 'test_tools_delete_everything', arguments: {} });
    expect(textOf(approvedAgain)).toBe('deleted');
    expect(tools.calls.get('delete_everything')).toBe(before + 2);

    // The audit trail is written behind the calls.
    const statuses = async () =>
      (
        await gw.gateway.services.db.query<{ status: string }>(
          "SELECT status FROM mcp_endpoint_calls WHERE user_id = 'alice' AND tool = 'delete_everything' ORDER BY id",
        )
      ).rows.map((row) => row.status);
    await expect.poll(statuses).toEqual(['refused', 'declined', 'ok', 'ok']);
  });
});
