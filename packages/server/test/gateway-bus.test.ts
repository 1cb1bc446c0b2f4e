import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GatewayBus } from '../src/bus/gateway-bus.ts';
import { createPostgresBus } from '../src/bus/postgres-bus.ts';
import { createRedisBus } from '../src/bus/redis-bus.ts';
import { openPostgresDatabase } from '../src/storage/postgres-database.ts';
import { describeGatewayBusContract } from './support/gateway-bus-contract.ts';
import { postgresUnreachable, redisUnreachable } from './support/replica-gateways.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const noPostgres = await postgresUnreachable();
const noRedis = await redisUnreachable();
for (const missing of [noPostgres, noRedis]) {
  if (missing)
    process.stderr.write(
      `gateway bus tests skipped: cannot reach ${missing}; run scripts/ensure-services.sh\n`,
    );
}

/** Log lines of a bus, by level. */
interface Logged {
  warn: string[];
  info: string[];
}

/** The server process of a connected client (node-postgres keeps it, untyped). */
const backendPid = (client: pg.Client) => (client as unknown as { processID: number }).processID;

/** A replica's PostgreSQL bus, as the gateway opens it: its own pool publishes, a client of its own listens. */
async function openPostgresBus(
  prefix: string,
  seen: { clients: pg.Client[]; logged: Logged } = { clients: [], logged: { warn: [], info: [] } },
): Promise<GatewayBus> {
  const db = await openPostgresDatabase({ url: DATABASE_URL, maxConnections: 2 });
  const server = db.server;
  try {
    if (!server) throw new Error('a PostgreSQL database names its server');
    const bus = await createPostgresBus({
      newClient: () => {
        const client = server.newClient();
        seen.clients.push(client);
        return client;
      },
      publisher: db,
      prefix,
      logger: {
        warn: (line) => seen.logged.warn.push(line),
        info: (line) => seen.logged.info.push(line),
      },
      reconnectDelayMs: 20,
    });
    return {
      publish: (channel, message) => bus.publish(channel, message),
      subscribe: (channel, listener) => bus.subscribe(channel, listener),
      close: async () => {
        await bus.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** A replica's Redis bus, on a Redis connection of its own. */
async function openRedisBus(prefix: string): Promise<GatewayBus> {
  const redis = new Redis(REDIS_URL);
  const bus = await createRedisBus(redis, prefix);
  return {
    publish: (channel, message) => bus.publish(channel, message),
    subscribe: (channel, listener) => bus.subscribe(channel, listener),
    close: async () => {
      await bus.close();
      redis.disconnect();
    },
  };
}

describe.skipIf(noRedis !== undefined)('Redis', () => {
  describeGatewayBusContract('Redis', openRedisBus);
});

describe.skipIf(noPostgres !== undefined)('PostgreSQL LISTEN/NOTIFY', () => {
  describeGatewayBusContract('PostgreSQL', (prefix) => openPostgresBus(prefix));

  describe('PostgreSQL bus', () => {
    const opened: GatewayBus[] = [];
    const prefix = () => `sbtest:${randomUUID().slice(0, 8)}:`;
    afterEach(async () => {
      await Promise.allSettled(opened.splice(0).map((bus) => bus.close()));
    });
    const replica = async (shared: string, seen?: { clients: pg.Client[]; logged: Logged }) => {
      const bus = await openPostgresBus(shared, seen);
      opened.push(bus);
      return bus;
    };
    const backendAlive = async (pid: number) => {
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      try {
        const { rows } = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
        return rows.length > 0;
      } finally {
        await admin.end();
      }
    };

    it('refuses a message NOTIFY cannot carry (8000 bytes or more) with an error saying why, and carries one just under', async () => {
      const shared = prefix();
      const [a, b] = [await replica(shared), await replica(shared)];
      const received: string[] = [];
      await b.subscribe('control', (message) => received.push(message));
      await expect(a.publish('control', 'x'.repeat(8000))).rejects.toThrow(
        'bus message on "control" is 8000 bytes; PostgreSQL NOTIFY carries fewer than 8000',
      );
      await expect(a.publish('control', 'é'.repeat(4000))).rejects.toThrow('is 8000 bytes');
      const largest = 'y'.repeat(7999);
      await a.publish('control', largest);
      await vi.waitFor(() => expect(received).toEqual([largest]));
    });

    it('opens its LISTEN connection again when the server ends it, listens on every channel again and says so once', async () => {
      const shared = prefix();
      const seen = { clients: [] as pg.Client[], logged: { warn: [] as string[], info: [] as string[] } };
      const a = await replica(shared);
      const b = await replica(shared, seen);
      const control: string[] = [];
      const events: string[] = [];
      await b.subscribe('control', (message) => control.push(message));
      await b.subscribe('events:c1', (message) => events.push(message));
      await a.publish('control', 'before');
      await vi.waitFor(() => expect(control).toEqual(['before']));

      const listening = seen.clients[0];
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ ended: boolean }>('SELECT pg_terminate_backend($1) AS ended', [
          backendPid(listening),
        ]);
        expect(rows[0].ended).toBe(true);
      } finally {
        await admin.end();
      }
      // Subscribing while the connection is down resolves once it is back and listening.
      const late: string[] = [];
      await b.subscribe('events:c2', (message) => late.push(message));

      await vi.waitFor(
        async () => {
          await a.publish('control', 'again');
          expect(control).toContain('again');
        },
        { timeout: 10_000 },
      );
      await a.publish('events:c1', 'event');
      await a.publish('events:c2', 'late');
      await vi.waitFor(() => expect(events).toEqual(['event']));
      await vi.waitFor(() => expect(late).toEqual(['late']));
      expect(seen.clients.length).toBeGreaterThanOrEqual(2);
      expect(seen.logged.warn).toHaveLength(1);
      expect(seen.logged.warn[0]).toMatch(/^the bus's PostgreSQL connection dropped \(.+\); reconnecting$/);
      expect(seen.logged.info).toHaveLength(1);
      expect(seen.logged.info[0]).toMatch(
        /^the bus.s PostgreSQL connection is back, listening on [23] channels$/,
      );
    });

    it('ends its LISTEN connection when closed', async () => {
      const seen = { clients: [] as pg.Client[], logged: { warn: [] as string[], info: [] as string[] } };
      const bus = await openPostgresBus(prefix(), seen);
      await bus.subscribe('control', () => undefined);
      const pid = backendPid(seen.clients[0]);
      expect(await backendAlive(pid)).toBe(true);
      await bus.close();
      await vi.waitFor(async () => expect(await backendAlive(pid)).toBe(false));
      expect(seen.logged.warn).toEqual([]);
    });
  });
});
