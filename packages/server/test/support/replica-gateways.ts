import { Redis } from 'ioredis';
import pg from 'pg';
import { createGateway, type Gateway, type GatewayOptions } from '../../src/index.ts';
import { createLogger } from '../../src/observability/create-logger.ts';
import { dropSchema } from './test-database.ts';

/** The PostgreSQL server replicas share (DATABASE_URL, or the local test server). */
export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** How the replicas share notices: through Redis (the default), or through PostgreSQL alone. */
export interface ReplicaSharing {
  redis?: boolean;
}

/** Why PostgreSQL (DATABASE_URL, or the local test server) cannot be reached, or undefined when it can. */
export async function postgresUnreachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${new URL(DATABASE_URL).host} (${(error as Error).message})`;
  }
}

/** Why Redis (REDIS_URL, or the local test server) cannot be reached, or undefined when it can. */
export async function redisUnreachable(): Promise<string | undefined> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return undefined;
  } catch (error) {
    return `Redis at ${new URL(REDIS_URL).host} (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
}

/**
 * The service replicas share that cannot be reached (PostgreSQL, or Redis unless `redis: false`),
 * or undefined when all can.
 */
export async function missingReplicaService({
  redis: withRedis = true,
}: ReplicaSharing = {}): Promise<string | undefined> {
  return (await postgresUnreachable()) ?? (withRedis ? await redisUnreachable() : undefined);
}

/** Two gateway replicas in this process, listening on loopback. */
export interface ReplicaGateways {
  /** Replica A's and B's URLs. */
  urls: [string, string];
  /** Closes both and drops their schema. */
  close(): Promise<void>;
}

/**
 * Starts two gateways sharing one fresh PostgreSQL schema and one Redis (key prefix by schema; no
 * Redis with `redis: false`), as two replicas of a deployment; `options` (users, servers, ...) are both's.
 */
export async function startReplicaGateways(
  name: string,
  options: Omit<GatewayOptions, 'database' | 'redisUrl' | 'redisPrefix'>,
  { redis = true }: ReplicaSharing = {},
): Promise<ReplicaGateways> {
  const schema = `sb_${name}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const gateways: Gateway[] = [];
  const close = async () => {
    await Promise.allSettled(gateways.map((gateway) => gateway.close()));
    await dropSchema(DATABASE_URL, schema).catch(() => undefined);
  };
  try {
    for (let i = 0; i < 2; i++) {
      gateways.push(
        await createGateway({
          logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
          ...options,
          database: { url: DATABASE_URL, schema, maxConnections: 4 },
          ...(redis ? { redisUrl: REDIS_URL, redisPrefix: `${schema}:` } : {}),
        }),
      );
    }
    const [a, b] = await Promise.all(gateways.map((gateway) => gateway.listen(0)));
    return { urls: [a, b], close };
  } catch (error) {
    await close();
    throw error;
  }
}
