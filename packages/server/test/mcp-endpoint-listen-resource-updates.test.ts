import { type Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import type { McpTransportConfig } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectEndpoint } from './mcp-endpoint/mcp-endpoint-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';

const WATCHED = 'file:///notes/today.md';
const OTHER = 'file:///notes/tomorrow.md';

/** A server with two resources clients may subscribe to; it records the (un)subscriptions it gets. */
function notesServer(requests: string[], servers: Server[]): Server {
  const server = new Server(
    { name: 'notes', version: '1.0.0' },
    { capabilities: { tools: {}, resources: { subscribe: true } } },
  );
  server.setRequestHandler('tools/list', () => ({ tools: [] }));
  server.setRequestHandler('resources/list', () => ({
    resources: [
      { uri: WATCHED, name: 'today', mimeType: 'text/markdown' },
      { uri: OTHER, name: 'tomorrow', mimeType: 'text/markdown' },
    ],
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

/** A 2026-07-28 client of `/mcp` and the resource updates it heard, in order. */
interface Hearing {
  client: Client;
  updates: string[];
}

/**
 * A client of the 2026-07-28 protocol names the resources it wants updates of in its
 * `subscriptions/listen` filter: the gateway subscribes on the server that offers them and
 * forwards the server's `notifications/resources/updated` to that stream only.
 */
describe('/mcp forwards resource updates to the 2026 listen streams that subscribed', () => {
  const requests: string[] = [];
  const servers: Server[] = [];
  const clients: Client[] = [];
  let gw: TestGateway;

  const connect = async (key: string): Promise<Hearing> => {
    const client = await connectEndpoint(gw.url, { key });
    clients.push(client);
    const updates: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updates.push(notification.params.uri);
    });
    return { client, updates };
  };
  const updated = (uri: string) =>
    Promise.all(servers.map((server) => server.sendResourceUpdated({ uri }).catch(() => undefined)));

  beforeAll(async () => {
    const open = async () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await notesServer(requests, servers).connect(serverSide);
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

  it("subscribes on the resource's server, tells only the subscribed stream, and unsubscribes when it closes", async () => {
    const watching = await connect(KEYS.alice);
    const elsewhere = await connect(KEYS.alice);
    const bob = await connect(KEYS.bob);
    expect(watching.client.getNegotiatedProtocolVersion()).toBe('2026-07-28');

    const subscription = await watching.client.listen({ resourceSubscriptions: [WATCHED] });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual([WATCHED]);
    await elsewhere.client.listen({ resourceSubscriptions: [OTHER] });
    await bob.client.listen({ resourcesListChanged: true });
    await vi.waitFor(() =>
      expect([...requests].sort()).toEqual([`subscribe ${WATCHED}`, `subscribe ${OTHER}`]),
    );

    await updated(WATCHED);
    await vi.waitFor(() => expect(watching.updates).toEqual([WATCHED]));
    await updated(OTHER);
    await vi.waitFor(() => expect(elsewhere.updates).toEqual([OTHER]));
    expect(watching.updates).toEqual([WATCHED]);
    expect(bob.updates).toEqual([]);

    await subscription.close();
    await vi.waitFor(() => expect(requests).toContain(`unsubscribe ${WATCHED}`));
    expect(requests).not.toContain(`unsubscribe ${OTHER}`);
  });
});
