import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEndpoint } from './support/mcp-endpoint-client.ts';
import { type NotesGateway, startNotesGateway } from './support/notes-gateway.ts';
import { KEYS } from './support/test-gateway.ts';

const WATCHED = 'file:///notes/today.md';

describe('/mcp passes resource subscriptions through', () => {
  let notes: NotesGateway;
  let client: Client;
  let updated: Promise<string>;

  beforeAll(async () => {
    notes = await startNotesGateway([{ uri: WATCHED, name: 'today', mimeType: 'text/markdown' }]);
    client = await connectEndpoint(notes.gw.url, { key: KEYS.alice, protocol: 'legacy' });
    updated = new Promise((resolve) => {
      client.setNotificationHandler('notifications/resources/updated', (notification) =>
        resolve(notification.params.uri),
      );
    });
  });
  afterAll(async () => {
    await client?.close();
    await notes?.gw.close();
  });

  it("subscribes on the resource's server, forwards its update, and unsubscribes there", async () => {
    expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
    await client.subscribeResource({ uri: WATCHED });
    expect(notes.requests).toEqual([`subscribe ${WATCHED}`]);

    // The server says the resource changed: the subscribed client hears it.
    await notes.updated(WATCHED);
    expect(await updated).toBe(WATCHED);

    await client.unsubscribeResource({ uri: WATCHED });
    expect(notes.requests).toEqual([`subscribe ${WATCHED}`, `unsubscribe ${WATCHED}`]);
  });

  it('refuses a subscription to a resource none of the servers offers', async () => {
    await expect(client.subscribeResource({ uri: 'file:///elsewhere' })).rejects.toThrow(/not offered/);
  });
});
