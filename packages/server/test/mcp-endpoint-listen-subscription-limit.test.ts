import { type Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import type { McpTransportConfig } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LISTEN_RESOURCE_SUBSCRIPTIONS } from '../src/mcp-endpoint/listen-resource-subscriptions.ts';
import { connectEndpoint } from './mcp-endpoint/mcp-endpoint-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';

/** A server offering resources to subscribe to; it records every request the gateway sends it. */
function notesServer(requests: string[]): Server {
  const server = new Server(
    { name: 'notes', version: '1.0.0' },
    { capabilities: { tools: {}, resources: { subscribe: true } } },
  );
  server.setRequestHandler('tools/list', () => ({ tools: [] }));
  server.setRequestHandler('resources/list', () => {
    requests.push('resources/list');
    return { resources: [{ uri: 'file:///notes/today.md', name: 'today' }] };
  });
  server.setRequestHandler('resources/templates/list', () => {
    requests.push('resources/templates/list');
    return { resourceTemplates: [] };
  });
  server.setRequestHandler('resources/subscribe', ({ params }) => {
    requests.push(`subscribe ${params.uri}`);
    return {};
  });
  return server;
}

/**
 * One `subscriptions/listen` request costs the gateway a look-up on every server per resource it
 * names: a filter naming more resources than a stream may hold is refused with a clear error
 * before any server hears of it, instead of fanning out one request into thousands upstream.
 */
describe('/mcp refuses a 2026 listen filter naming too many resources', () => {
  const requests: string[] = [];
  const clients: Client[] = [];
  let gw: TestGateway;

  beforeAll(async () => {
    const open = async () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await notesServer(requests).connect(serverSide);
      return clientSide;
    };
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [{ name: 'notes', builtin: 'notes' }],
      builtins: new Map<string, McpTransportConfig>([['notes', { type: 'in-memory', transport: open }]]),
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await gw?.close();
  });

  it('answers an error naming the limit, and no server is asked anything', async () => {
    const client = await connectEndpoint(gw.url, { key: KEYS.alice });
    clients.push(client);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const uris = Array.from(
      { length: MAX_LISTEN_RESOURCE_SUBSCRIPTIONS + 1 },
      (_, i) => `file:///nowhere/${i}.md`,
    );
    requests.length = 0;

    const listening = client.listen({ resourceSubscriptions: uris });

    await expect(listening).rejects.toThrow(
      `${MAX_LISTEN_RESOURCE_SUBSCRIPTIONS + 1} resources; a listen stream subscribes to at most ${MAX_LISTEN_RESOURCE_SUBSCRIPTIONS}`,
    );
    expect(requests).toEqual([]);
  });

  it('still subscribes a stream naming as many resources as it may', async () => {
    const client = await connectEndpoint(gw.url, { key: KEYS.bob });
    clients.push(client);
    const uris = [
      'file:///notes/today.md',
      ...Array.from({ length: MAX_LISTEN_RESOURCE_SUBSCRIPTIONS - 1 }, (_, i) => `file:///nowhere/${i}.md`),
    ];
    const subscription = await client.listen({ resourceSubscriptions: uris });
    expect(subscription.honoredFilter.resourceSubscriptions).toHaveLength(MAX_LISTEN_RESOURCE_SUBSCRIPTIONS);
    await expect.poll(() => requests).toContain('subscribe file:///notes/today.md');
    await subscription.close();
  });
});
