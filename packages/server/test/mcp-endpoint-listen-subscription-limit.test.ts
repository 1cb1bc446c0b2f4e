import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LISTEN_RESOURCE_SUBSCRIPTIONS } from '../src/mcp-endpoint/listen-resource-subscriptions.ts';
import { connectEndpoint } from './support/mcp-endpoint-client.ts';
import { type NotesGateway, startNotesGateway } from './support/notes-gateway.ts';
import { KEYS } from './support/test-gateway.ts';

/**
 * One `subscriptions/listen` request costs the gateway a look-up on every server per resource it
 * names: a filter naming more resources than a stream may hold is refused with a clear error
 * before any server hears of it, instead of fanning out one request into thousands upstream.
 */
describe('/mcp refuses a 2026 listen filter naming too many resources', () => {
  const clients: Client[] = [];
  let notes: NotesGateway;

  beforeAll(async () => {
    notes = await startNotesGateway([{ uri: 'file:///notes/today.md', name: 'today' }], {
      recordLists: true,
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await notes?.gw.close();
  });

  it('answers an error naming the limit, and no server is asked anything', async () => {
    const client = await connectEndpoint(notes.gw.url, { key: KEYS.alice });
    clients.push(client);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const uris = Array.from(
      { length: MAX_LISTEN_RESOURCE_SUBSCRIPTIONS + 1 },
      (_, i) => `file:///nowhere/${i}.md`,
    );
    notes.requests.length = 0;

    const listening = client.listen({ resourceSubscriptions: uris });

    await expect(listening).rejects.toThrow(
      `${MAX_LISTEN_RESOURCE_SUBSCRIPTIONS + 1} resources; a listen stream subscribes to at most ${MAX_LISTEN_RESOURCE_SUBSCRIPTIONS}`,
    );
    expect(notes.requests).toEqual([]);
  });

  it('still subscribes a stream naming as many resources as it may', async () => {
    const client = await connectEndpoint(notes.gw.url, { key: KEYS.bob });
    clients.push(client);
    const uris = [
      'file:///notes/today.md',
      ...Array.from({ length: MAX_LISTEN_RESOURCE_SUBSCRIPTIONS - 1 }, (_, i) => `file:///nowhere/${i}.md`),
    ];
    const subscription = await client.listen({ resourceSubscriptions: uris });
    expect(subscription.honoredFilter.resourceSubscriptions).toHaveLength(MAX_LISTEN_RESOURCE_SUBSCRIPTIONS);
    await expect.poll(() => notes.requests).toContain('subscribe file:///notes/today.md');
    await subscription.close();
  });
});
