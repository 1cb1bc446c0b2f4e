import {
  type HttpServing,
  type ShippedServer,
  serveHttp,
  startCalculatorStorage,
} from '@switchboard/servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateCaller, CALLER_HEADER } from '../src/upstream/caller-identity.ts';
import { queuedModel } from './support/queued-model.ts';
import { type ShippedForGateway, startShippedForGateway } from './support/shipped-for-gateway.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

const LIST_TOOLS = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

describe('a shipped server refuses every caller the gateway did not send (real HTTP)', () => {
  let shipped: ShippedServer;
  let serving: HttpServing;

  beforeAll(async () => {
    shipped = await startCalculatorStorage();
    serving = await serveHttp(shipped.createServer, { authenticate: authenticateCaller('s3cret') });
  });
  afterAll(async () => {
    await serving?.close();
    await shipped?.close();
  });

  const post = (headers: Record<string, string>) =>
    fetch(serving.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
        ...headers,
      },
      body: JSON.stringify(LIST_TOOLS),
    });

  it.each([
    ['no secret', { [CALLER_HEADER]: 'alice' }],
    ['a wrong secret', { authorization: 'Bearer guess', [CALLER_HEADER]: 'alice' }],
    ['the secret but no user', { authorization: 'Bearer s3cret' }],
  ])('answers a request with %s 401 and a JSON-RPC error', async (_case, headers) => {
    const reply = await post(headers);
    expect(reply.status).toBe(401);
    expect(await reply.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32001, message: expect.stringContaining('Unauthorized') },
    });
  });

  it('serves the gateway’s request for a user', async () => {
    const reply = await post({ authorization: 'Bearer s3cret', [CALLER_HEADER]: 'alice' });
    expect(reply.status).toBe(200);
  });
});

describe('through a gateway, shipped servers keep each user’s data apart', () => {
  let shipped: ShippedForGateway;
  let gw: TestGateway;
  const serverIds = new Map<string, string>();

  beforeAll(async () => {
    shipped = await startShippedForGateway(['shop', 'calculator-storage']);
    gw = await startTestGateway('pglite', { model: queuedModel(), ...shipped.gateway });
    for (const server of (await gw.alice.get('/servers')).body.items as Array<{ id: string; name: string }>)
      serverIds.set(server.name, server.id);
  });
  afterAll(async () => {
    await gw?.close();
    await shipped?.close();
  });

  const storage = () => `/servers/${serverIds.get('calculator-storage')}`;
  const callTool = async (client: TestGateway['alice'], server: string, name: string, args: object) => {
    const reply = await client.post(`/servers/${serverIds.get(server)}/tools/call`, {
      name,
      arguments: args,
    });
    expect(reply.status).toBe(200);
    return reply.body.content as string;
  };

  it("bob cannot read, list or complete alice's storage keys", async () => {
    await callTool(gw.alice, 'calculator-storage', 'set-storage', { key: 'alice-pin', value: '4711' });
    expect(await callTool(gw.alice, 'calculator-storage', 'get-storage', { key: 'alice-pin' })).toBe('4711');
    const complete = (client: TestGateway['alice']) =>
      client.post(`${storage()}/complete`, {
        ref: { type: 'ref/resource', uri: 'storage://{key}' },
        argument: { name: 'key', value: 'alice' },
      });
    expect((await complete(gw.alice)).body.completion.values).toEqual(['alice-pin']);
    const listedUris = async (client: TestGateway['alice']) =>
      ((await client.get(`${storage()}/resources`)).body.items as Array<{ uri: string }>)
        .map(({ uri }) => uri)
        .filter((uri) => uri.startsWith('storage://'));
    expect(await listedUris(gw.alice)).toEqual(['storage://alice-pin']);

    expect(await callTool(gw.bob, 'calculator-storage', 'get-storage', { key: 'alice-pin' })).toBe(
      'Key not found',
    );
    expect(await listedUris(gw.bob)).toEqual([]);
    expect((await complete(gw.bob)).body.completion.values).toEqual([]);
    const read = await gw.bob.post(`${storage()}/resources/read`, { uri: 'storage://alice-pin' });
    expect(read.body.contents[0].text).toBe('Key not found');
  });

  it("a user argument does not reach another user's cart", async () => {
    await callTool(gw.alice, 'shop', 'add_to_cart', { code: 'DAI-001', quantity: 3 });
    const bobsView = JSON.parse(await callTool(gw.bob, 'shop', 'get_cart', { user: 'alice' }));
    expect(bobsView).toMatchObject({ user: 'bob', items: [] });
  });
});
