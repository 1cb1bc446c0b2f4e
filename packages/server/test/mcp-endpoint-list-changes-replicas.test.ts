import type { Client } from '@modelcontextprotocol/client';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGateway, type Gateway } from '../src/index.ts';
import { createLogger } from '../src/observability/create-logger.ts';
import { type ChangedList, connectEndpoint } from './mcp-endpoint/mcp-endpoint-client.ts';
import { type ChangingMcpServer, startChangingMcpServer } from './support/changing-mcp-server.ts';
import { type ApiClient, apiClient } from './support/http-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { SelectiveEventBus } from './support/selective-event-bus.ts';
import { dropSchema } from './support/test-database.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const KEYS = { alice: 'sk-lists-alice', bob: 'sk-lists-bob' };

async function unreachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
  } catch {
    return 'PostgreSQL';
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    return 'Redis';
  } finally {
    redis.disconnect();
  }
  return undefined;
}

const missing = await unreachable();
if (missing) process.stderr.write(`/mcp list-change replica tests skipped: ${missing} is not reachable\n`);

/** A client of `/mcp` on one replica and the list changes it heard, in order. */
interface Listening {
  client: Client;
  heard: ChangedList[];
  /** Resolves once the client heard `count` changes of `list` in all. */
  hears(list: ChangedList, count?: number): Promise<void>;
}

const names = (items: Array<{ name: string }>) => items.map((item) => item.name);

/**
 * Two replicas sharing PostgreSQL and Redis: a registration made through one replica's API, and a
 * list change only one replica's connection heard, reach the `/mcp` clients of both, once each.
 */
describe.skipIf(missing !== undefined)('/mcp list changes across replicas', () => {
  const schema = `sb_list_changes_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  /** The deployment's server; its bus can tell only the replica that connected first (A). */
  const weatherBus = new SelectiveEventBus();
  let weather: ChangingMcpServer;
  /** A server Alice registers as her own. */
  let notes: ChangingMcpServer;
  let gateways: Gateway[] = [];
  let urls: string[] = [];
  let aliceOnA: ApiClient;
  const clients: Client[] = [];

  const listen = async (replica: 'A' | 'B', key: string, protocol: 'legacy' | 'auto'): Promise<Listening> => {
    const heard: ChangedList[] = [];
    const client = await connectEndpoint(urls[replica === 'A' ? 0 : 1], {
      key,
      mode: 'aggregate',
      protocol,
      onListChanged: (list) => heard.push(list),
    });
    clients.push(client);
    // Listing once presents the tools (aggregate): their changes concern this client from here on.
    await client.listTools();
    return {
      client,
      heard,
      hears: (list, count = 1) =>
        vi.waitFor(() => expect(heard.filter((each) => each === list).length).toBeGreaterThanOrEqual(count), {
          timeout: 10_000,
        }),
    };
  };

  beforeAll(async () => {
    weather = await startChangingMcpServer({ bus: weatherBus });
    notes = await startChangingMcpServer();
    for (let i = 0; i < 2; i++) {
      gateways.push(
        await createGateway({
          database: { url: DATABASE_URL, schema, maxConnections: 4 },
          redisUrl: REDIS_URL,
          redisPrefix: `${schema}:`,
          logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
          users: [
            { id: 'alice', name: 'Alice', role: 'user', apiKey: KEYS.alice },
            { id: 'bob', name: 'Bob', role: 'user', apiKey: KEYS.bob },
          ],
          model: queuedModel(),
          servers: [{ name: 'weather', url: weather.url }],
          allowPrivateNetworks: true,
        }),
      );
    }
    urls = await Promise.all(gateways.map((gateway) => gateway.listen(0)));
    aliceOnA = apiClient(urls[0], KEYS.alice);
    // Replica A connects to the weather server first, so its listen stream is the oldest.
    await listen('A', KEYS.alice, 'legacy');
    await vi.waitFor(() => expect(weatherBus.size).toBe(1));
    await listen('B', KEYS.alice, 'legacy');
    await vi.waitFor(() => expect(weatherBus.size).toBe(2));
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await Promise.allSettled(gateways.map((gateway) => gateway.close()));
    gateways = [];
    await weather?.close();
    await notes?.close();
    await dropSchema(DATABASE_URL, schema).catch(() => undefined);
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
