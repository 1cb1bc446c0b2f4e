import { type Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import type { McpTransportConfig } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEndpoint } from './mcp-endpoint/mcp-endpoint-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';

const WATCHED = 'file:///notes/today.md';

/** A server with one resource clients may subscribe to; it records the (un)subscriptions it gets. */
function watchedServer(requests: string[], servers: Server[]): Server {
  const server = new Server(
    { name: 'notes', version: '1.0.0' },
    { capabilities: { tools: {}, resources: { subscribe: true } } },
  );
  server.setRequestHandler('tools/list', () => ({ tools: [] }));
  server.setRequestHandler('resources/list', () => ({
    resources: [{ uri: WATCHED, name: 'today', mimeType: 'text/markdown' }],
  }));
  server.setRequestHandler('resources/subscribe', ({ params }) => {
    requests.push(`subscribe ${params.uri}`);
    return {};
  });
  server.setRequestHandler('resources/unsubscribe', ({ params }) => {
    requests.push(`unsubscribe ${params.uri}`);
    return {};
  });
  servers.push(server);
  return server;
}

describe('/mcp passes resource subscriptions through', () => {
  const requests: string[] = [];
  const servers: Server[] = [];
  let gw: TestGateway;
  let client: Client;
  let updated: Promise<string>;

  beforeAll(async () => {
    const open = async () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await watchedServer(requests, servers).connect(serverSide);
      return clientSide;
    };
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [{ name: 'notes', builtin: 'notes' }],
      builtins: new Map<string, McpTransportConfig>([['notes', { type: 'in-memory', transport: open }]]),
    });
    client = await connectEndpoint(gw.url, { key: KEYS.alice, protocol: 'legacy' });
    updated = new Promise((resolve) => {
      client.setNotificationHandler('notifications/resources/updated', (notification) =>
        resolve(notification.params.uri),
      );
    });
  });
  afterAll(async () => {
    await client?.close();
    await gw?.close();
  });

  it("subscribes on the resource's server, forwards its update, and unsubscribes there", async () => {
    expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
    await client.subscribeResource({ uri: WATCHED });
    expect(requests).toEqual([`subscribe ${WATCHED}`]);

    // The server says the resource changed: the subscribed client hears it.
    await Promise.all(
      servers.map((server) => server.sendResourceUpdated({ uri: WATCHED }).catch(() => undefined)),
    );
    expect(await updated).toBe(WATCHED);

    await client.unsubscribeResource({ uri: WATCHED });
    expect(requests).toEqual([`subscribe ${WATCHED}`, `unsubscribe ${WATCHED}`]);
  });

  it('refuses a subscription to a resource none of the servers offers', async () => {
    await expect(client.subscribeResource({ uri: 'file:///elsewhere' })).rejects.toThrow(/not offered/);
  });
});
