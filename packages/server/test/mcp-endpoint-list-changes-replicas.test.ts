import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ChangingMcpServer, startChangingMcpServer } from './support/changing-mcp-server.ts';
import { type ApiClient, apiClient } from './support/http-client.ts';
import { connectListening, type ListeningClient } from './support/listening-client.ts';
import type { ChangedList } from './support/mcp-endpoint-client.ts';
import { queuedModel } from './support/queued-model.ts';
import {
  missingReplicaService,
  type ReplicaGateways,
  startReplicaGateways,
} from './support/replica-gateways.ts';
import { SelectiveEventBus } from './support/selective-event-bus.ts';

const KEYS = { alice: 'sk-lists-alice', bob: 'sk-lists-bob' };

const missing = await missingReplicaService();
if (missing) process.stderr.write(`/mcp list-change replica tests skipped: cannot reach ${missing}\n`);

const names = (items: Array<{ name: string }>) => items.map((item) => item.name);

/**
 * Two replicas sharing PostgreSQL and Redis: a registration made through one replica's API, and a
 * list change only one replica's connection heard, reach the `/mcp` clients of both, once each.
 */
describe.skipIf(missing !== undefined)('/mcp list changes across replicas', () => {
  /** The deployment's server; its bus can tell only the replica that connected first (A). */
  const weatherBus = new SelectiveEventBus();
  let weather: ChangingMcpServer;
  /** A server Alice registers as her own. */
  let notes: ChangingMcpServer;
  let replicas: ReplicaGateways;
  let aliceOnA: ApiClient;
  const clients: Client[] = [];

  const listen = async (replica: 'A' | 'B', key: string, protocol: 'legacy' | 'auto') => {
    const listening: ListeningClient = await connectListening(
      replicas.urls[replica === 'A' ? 0 : 1],
      key,
      protocol,
    );
    clients.push(listening.client);
    return listening;
  };

  beforeAll(async () => {
    weather = await startChangingMcpServer({ bus: weatherBus });
    notes = await startChangingMcpServer();
    replicas = await startReplicaGateways('list_changes', {
      users: [
        { id: 'alice', name: 'Alice', role: 'user', apiKey: KEYS.alice },
        { id: 'bob', name: 'Bob', role: 'user', apiKey: KEYS.bob },
      ],
      model: queuedModel(),
      servers: [{ name: 'weather', url: weather.url }],
      allowPrivateNetworks: true,
    });
    aliceOnA = apiClient(replicas.urls[0], KEYS.alice);
    // Replica A connects to the weather server first, so its listen stream is the oldest.
    await listen('A', KEYS.alice, 'legacy');
    await vi.waitFor(() => expect(weatherBus.size).toBe(1));
    await listen('B', KEYS.alice, 'legacy');
    await vi.waitFor(() => expect(weatherBus.size).toBe(2));
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await replicas?.close();
    await weather?.close();
    await notes?.close();
  });

  for (const protocol of ['legacy', 'auto'] as const) {
    it(`(${protocol}) Alice's server registered, stopped, started and removed through A's API is announced to her clients on A and B once each; Bob hears nothing of it`, async () => {
      const aliceA = await listen('A', KEYS.alice, protocol);
      const aliceB = await listen('B', KEYS.alice, protocol);
      const bobB = await listen('B', KEYS.bob, protocol);
      const name = `notes_${protocol}`;

      const registered = await aliceOnA.post('/servers', { name, url: notes.url });
      expect(registered.status).toBe(201);
      await Promise.all([aliceA.hears('prompts'), aliceB.hears('prompts')]);
      expect(names((await aliceB.client.listTools()).tools)).toContain(`${name}_status`);
      expect(names((await bobB.client.listTools()).tools)).not.toContain(`${name}_status`);

      const id = (registered.body as { id: string }).id;
      expect((await aliceOnA.post(`/servers/${id}/stop`)).status).toBe(200);
      await Promise.all([aliceA.hears('prompts', 2), aliceB.hears('prompts', 2)]);
      expect(names((await aliceB.client.listTools()).tools)).not.toContain(`${name}_status`);
      expect((await aliceOnA.post(`/servers/${id}/start`)).status).toBe(200);
      await Promise.all([aliceA.hears('prompts', 3), aliceB.hears('prompts', 3)]);
      expect(names((await aliceB.client.listTools()).tools)).toContain(`${name}_status`);

      expect((await aliceOnA.delete(`/servers/${id}`)).status).toBe(200);
      await Promise.all([aliceA.hears('prompts', 4), aliceB.hears('prompts', 4)]);
      expect(names((await aliceB.client.listTools()).tools)).not.toContain(`${name}_status`);

      // A shared change every client hears, after anything sent to them before it.
      weather.addResource(`alert_${protocol}`);
      await Promise.all([
        aliceA.hears('resources', 5),
        aliceB.hears('resources', 5),
        bobB.hears('resources'),
      ]);
      const eachOnce: ChangedList[] = [
        ...Array.from({ length: 4 }, (): ChangedList[] => ['tools', 'resources', 'prompts']).flat(),
        'resources',
      ];
      expect(aliceA.heard).toEqual(eachOnce);
      expect(aliceB.heard).toEqual(eachOnce);
      expect(bobB.heard).toEqual(['resources']);
    });

    it(`(${protocol}) a tool the server announces to replica A only reaches a client on B, in its next tools/list, once`, async () => {
      const aliceA = await listen('A', KEYS.alice, protocol);
      const aliceB = await listen('B', KEYS.alice, protocol);
      weatherBus.onlyOldest = true;
      try {
        weather.addTool(`radar_${protocol}`, 'Shows the rain radar.');
        await Promise.all([aliceA.hears('tools'), aliceB.hears('tools')]);
        expect(names((await aliceB.client.listTools()).tools)).toContain(`weather_radar_${protocol}`);
        weather.addPrompt(`outlook_${protocol}`);
        await Promise.all([aliceA.hears('prompts'), aliceB.hears('prompts')]);
      } finally {
        weatherBus.onlyOldest = false;
      }
      // Heard by both replicas' connections: still once per client.
      weather.addTool(`tides_${protocol}`, 'Tells the tides.');
      await Promise.all([aliceA.hears('tools', 2), aliceB.hears('tools', 2)]);
      weather.addResource(`storm_${protocol}`);
      await Promise.all([aliceA.hears('resources'), aliceB.hears('resources')]);
      expect(aliceA.heard).toEqual(['tools', 'prompts', 'tools', 'resources']);
      expect(aliceB.heard).toEqual(['tools', 'prompts', 'tools', 'resources']);
      expect(names((await aliceB.client.listTools()).tools)).toContain(`weather_tides_${protocol}`);
    });
  }
});

const missingPostgres = await missingReplicaService({ redis: false });
if (missingPostgres)
  process.stderr.write(
    `/mcp list-change replica tests without Redis skipped: cannot reach ${missingPostgres}\n`,
  );

/** Two replicas sharing PostgreSQL and no Redis: its LISTEN/NOTIFY carries the notices between them. */
describe.skipIf(missingPostgres !== undefined)('/mcp list changes across replicas without Redis', () => {
  let notes: ChangingMcpServer;
  let replicas: ReplicaGateways;
  const clients: Client[] = [];

  beforeAll(async () => {
    notes = await startChangingMcpServer();
    replicas = await startReplicaGateways(
      'list_changes_pg',
      {
        users: [{ id: 'alice', name: 'Alice', role: 'user', apiKey: KEYS.alice }],
        model: queuedModel(),
        allowPrivateNetworks: true,
      },
      { redis: false },
    );
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await replicas?.close();
    await notes?.close();
  });

  it("Alice's server registered and stopped through A's API is announced to her client on B, whose tools/list follows", async () => {
    const aliceB = await connectListening(replicas.urls[1], KEYS.alice, 'legacy');
    clients.push(aliceB.client);
    const aliceOnA = apiClient(replicas.urls[0], KEYS.alice);

    const registered = await aliceOnA.post('/servers', { name: 'notes', url: notes.url });
    expect(registered.status).toBe(201);
    await aliceB.hears('tools');
    expect(names((await aliceB.client.listTools()).tools)).toContain('notes_status');

    const id = (registered.body as { id: string }).id;
    expect((await aliceOnA.post(`/servers/${id}/stop`)).status).toBe(200);
    await aliceB.hears('tools', 2);
    expect(names((await aliceB.client.listTools()).tools)).not.toContain('notes_status');
  });
});
