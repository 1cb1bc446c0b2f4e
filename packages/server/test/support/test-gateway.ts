import { createGateway, type Gateway, type GatewayOptions } from '../../src/index.ts';
import { createLogger } from '../../src/observability/create-logger.ts';
import { type ApiClient, apiClient } from './http-client.ts';
import { queuedModel } from './queued-model.ts';
import { type TestBackend, type TestDatabase, testDatabase } from './test-database.ts';

/** A gateway listening on loopback with three users: an administrator, Alice and Bob. */
export interface TestGateway {
  url: string;
  gateway: Gateway;
  database: TestDatabase;
  admin: ApiClient;
  alice: ApiClient;
  bob: ApiClient;
  close(): Promise<void>;
}

export const KEYS = { admin: 'sk-test-admin', alice: 'sk-test-alice', bob: 'sk-test-bob' };

/** Starts a gateway over real HTTP on a fresh test database (PGlite, or PostgreSQL with DATABASE_URL). */
export async function startTestGateway(
  backend: TestBackend,
  options: Partial<GatewayOptions> & Pick<GatewayOptions, 'model'>,
): Promise<TestGateway> {
  const database = await testDatabase(backend);
  const gateway = await createGateway({
    database: database.options,
    logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    users: [
      { id: 'admin', name: 'Admin', role: 'admin', apiKey: KEYS.admin },
      { id: 'alice', name: 'Alice', role: 'user', apiKey: KEYS.alice },
      { id: 'bob', name: 'Bob', role: 'user', apiKey: KEYS.bob },
    ],
    flushMs: 20,
    pollMs: 200,
    ...options,
  });
  const url = await gateway.listen(0);
  return {
    url,
    gateway,
    database,
    admin: apiClient(url, KEYS.admin),
    alice: apiClient(url, KEYS.alice),
    bob: apiClient(url, KEYS.bob),
    async close() {
      await gateway.close();
      await database.cleanup();
    },
  };
}

/**
 * Runs `use` against another gateway on `beside`'s database with options of its own (another
 * authorization server, a public URL, none), listening on loopback; closes it after.
 */
export async function withGatewayBeside<T>(
  beside: TestGateway,
  options: Partial<GatewayOptions>,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const other = await createGateway({
    database: beside.gateway.services.db,
    model: queuedModel(),
    logger: createLogger({ level: 'silent' }),
    ...options,
  });
  try {
    return await use(await other.listen(0));
  } finally {
    await other.close();
  }
}
