import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startAuthorizationServer,
  type TestAuthorizationServer,
} from '../../servers/test/support/oidc-authorization-server.ts';
import { type ChangingMcpServer, startChangingMcpServer } from './support/changing-mcp-server.ts';
import { connectOAuthServer } from './support/connect-oauth-server.ts';
import { apiClient } from './support/http-client.ts';
import { connectListening, type ListeningClient } from './support/listening-client.ts';
import { queuedModel } from './support/queued-model.ts';
import {
  missingReplicaService,
  type ReplicaGateways,
  startReplicaGateways,
} from './support/replica-gateways.ts';
import { SelectiveEventBus } from './support/selective-event-bus.ts';

const KEYS = { alice: 'sk-own-lists-alice', bob: 'sk-own-lists-bob' };

const missing = await missingReplicaService();
if (missing)
  process.stderr.write(`/mcp per-user list-change replica test skipped: cannot reach ${missing}\n`);

const names = (items: Array<{ name: string }>) => items.map((item) => item.name);

/**
 * A server that authorizes each user: each replica reaches it through the user's own connection,
 * so a change only replica A's connection of Alice's heard is hers: her client on replica B hears
 * it (B lists again on its own connection of hers), Bob's client on B does not.
 */
describe.skipIf(missing !== undefined)("/mcp across replicas: a change on a user's own connection", () => {
  let authorizationServer: TestAuthorizationServer;
  /** Authorizes each user (OAuth); tells only the oldest listen stream (replica A's of Alice's). */
  const diaryBus = new SelectiveEventBus();
  let diary: ChangingMcpServer;
  /** Shared by every user. */
  let weather: ChangingMcpServer;
  let replicas: ReplicaGateways;
  const clients: Client[] = [];

  const listen = async (replica: 0 | 1, key: string, protocol: 'legacy' | 'auto') => {
    const listening: ListeningClient = await connectListening(replicas.urls[replica], key, protocol);
    clients.push(listening.client);
    return listening;
  };

  beforeAll(async () => {
    authorizationServer = await startAuthorizationServer({ resourceScopes: 'mcp' });
    diary = await startChangingMcpServer({
      oauth: { issuer: authorizationServer.issuer, requiredScopes: ['mcp'] },
      bus: diaryBus,
    });
    weather = await startChangingMcpServer();
    replicas = await startReplicaGateways('own_list_changes', {
      users: [
        { id: 'alice', name: 'Alice', role: 'user', apiKey: KEYS.alice },
        { id: 'bob', name: 'Bob', role: 'user', apiKey: KEYS.bob },
      ],
      model: queuedModel(),
      servers: [
        { name: 'diary', url: diary.url, oauth: {} },
        { name: 'weather', url: weather.url },
      ],
      secretKey: randomBytes(32),
      allowPrivateNetworks: true,
    });
    const aliceOnA = apiClient(replicas.urls[0], KEYS.alice);
    const servers = (await aliceOnA.get('/servers')).body.items as Array<{ id: string; name: string }>;
    const diaryId = servers.find((server) => server.name === 'diary')?.id;
    const { page } = await connectOAuthServer(replicas.urls[0], aliceOnA, String(diaryId), 'alice');
    expect(page.status).toBe(200);
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await replicas?.close();
    await diary?.close();
    await weather?.close();
    await authorizationServer?.close();
  });

  it('Alice hears on replica B the tool only replica A heard; Bob, on the same stream as the next shared change, does not', async () => {
    // Replica A's connection of Alice's listens first, so it is the one the diary tells.
    const aliceA = await listen(0, KEYS.alice, 'legacy');
    expect(names((await aliceA.client.listTools()).tools)).toContain('diary_status');
    await vi.waitFor(() => expect(diaryBus.size).toBe(1));
    const aliceB = await listen(1, KEYS.alice, 'auto');
    await vi.waitFor(() => expect(diaryBus.size).toBe(2));
    const bobB = await listen(1, KEYS.bob, 'auto');
    expect(names((await bobB.client.listTools()).tools)).not.toContain('diary_status');

    diaryBus.onlyOldest = true;
    diary.addTool('entry', 'Writes a diary entry.');
    await Promise.all([aliceA.hears('tools'), aliceB.hears('tools')]);
    expect(names((await aliceB.client.listTools()).tools)).toContain('diary_entry');

    weather.addPrompt('outlook');
    await Promise.all([aliceA.hears('prompts'), aliceB.hears('prompts'), bobB.hears('prompts')]);
    expect(aliceA.heard).toEqual(['tools', 'prompts']);
    expect(aliceB.heard).toEqual(['tools', 'prompts']);
    expect(bobB.heard).toEqual(['prompts']);
  });
});
