import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectEndpoint } from './support/mcp-endpoint-client.ts';
import { type NotesGateway, startNotesGateway } from './support/notes-gateway.ts';
import { KEYS } from './support/test-gateway.ts';

const WATCHED = 'file:///notes/today.md';
const OTHER = 'file:///notes/tomorrow.md';

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
  const clients: Client[] = [];
  let notes: NotesGateway;

  const connect = async (key: string): Promise<Hearing> => {
    const client = await connectEndpoint(notes.gw.url, { key });
    clients.push(client);
    const updates: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updates.push(notification.params.uri);
    });
    return { client, updates };
  };

  beforeAll(async () => {
    notes = await startNotesGateway([
      { uri: WATCHED, name: 'today', mimeType: 'text/markdown' },
      { uri: OTHER, name: 'tomorrow', mimeType: 'text/markdown' },
    ]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await notes?.gw.close();
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
      expect([...notes.requests].sort()).toEqual([`subscribe ${WATCHED}`, `subscribe ${OTHER}`]),
    );

    await notes.updated(WATCHED);
    await vi.waitFor(() => expect(watching.updates).toEqual([WATCHED]));
    await notes.updated(OTHER);
    await vi.waitFor(() => expect(elsewhere.updates).toEqual([OTHER]));
    expect(watching.updates).toEqual([WATCHED]);
    expect(bob.updates).toEqual([]);

    await subscription.close();
    await vi.waitFor(() => expect(notes.requests).toContain(`unsubscribe ${WATCHED}`));
    expect(notes.requests).not.toContain(`unsubscribe ${OTHER}`);
  });
});
