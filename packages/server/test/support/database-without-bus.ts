import {
  createGateway,
  type Database,
  type DatabaseOptions,
  type Gateway,
  type GatewayOptions,
  openDatabase,
} from '../../src/index.ts';
import { createLogger } from '../../src/observability/create-logger.ts';
import { DATABASE_URL, type ReplicaGateways } from './replica-gateways.ts';
import { dropSchema } from './test-database.ts';

/**
 * A PostgreSQL database the gateway cannot LISTEN on, so replicas given it share no bus (each keeps
 * an in-memory one) and a notice never crosses between them: for tests of the polling that makes up
 * for lost notices. The caller closes it (after the gateways).
 */
export async function databaseWithoutBus(options: DatabaseOptions): Promise<Database> {
  const { server: _server, ...db } = await openDatabase(options);
  return db;
}

/**
 * Starts two gateways sharing one fresh PostgreSQL schema and no bus (each on a
 * {@link databaseWithoutBus}), as two replicas of a deployment whose notices never cross;
 * `options(replica)` (users, model, servers, ...) are replica 0's (A) and 1's (B).
 */
export async function startReplicasWithoutBus(
  name: string,
  options: (replica: number) => Omit<GatewayOptions, 'database' | 'redisUrl' | 'redisPrefix'>,
): Promise<ReplicaGateways> {
  const schema = `sb_${name}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const gateways: Gateway[] = [];
  const databases: Database[] = [];
  const close = async () => {
    await Promise.allSettled(gateways.map((gateway) => gateway.close()));
    await Promise.allSettled(databases.map((db) => db.close()));
    await dropSchema(DATABASE_URL, schema).catch(() => undefined);
  };
  try {
    for (let replica = 0; replica < 2; replica++) {
      const database = await databaseWithoutBus({ url: DATABASE_URL, schema, maxConnections: 4 });
      databases.push(database);
      gateways.push(
        await createGateway({
          logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
          ...options(replica),
          database,
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
