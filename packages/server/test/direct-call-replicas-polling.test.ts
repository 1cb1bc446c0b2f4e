import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Database, type Gateway } from '../src/index.ts';
import { createLogger } from '../src/observability/create-logger.ts';
import { databaseWithoutBus } from './support/database-without-bus.ts';
import { directShippingCall } from './support/direct-shipping-call.ts';
import { type ApiClient, apiClient, type SseMessage } from './support/http-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { dropSchema } from './support/test-database.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const postgres = await reachable();
if (!postgres) process.stderr.write('direct-call polling test skipped: PostgreSQL is not reachable\n');

/**
 * Two replicas sharing PostgreSQL and no bus (no Redis, no LISTEN: each has its own in-memory one), so a
 * notice never crosses between them: the answer to a direct call's form, given on the other
 * replica, reaches the call by the polling that makes up for lost notices.
 */
describe.skipIf(!postgres)('direct-call forms answered on another replica, without a shared bus', () => {
  const schema = `sb_direct_poll_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let mcp: TestMcpServer;
  let gateways: Gateway[] = [];
  const databases: Database[] = [];
  let onA: ApiClient;
  let onB: ApiClient;

  beforeAll(async () => {
    mcp = await startTestMcpServer();
    for (let i = 0; i < 2; i++) {
      const database = await databaseWithoutBus({ url: DATABASE_URL, schema, maxConnections: 4 });
      databases.push(database);
      gateways.push(
        await createGateway({
          database,
          logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
          users: [{ id: 'alice', name: 'Alice', role: 'user', apiKey: 'sk-poll-alice' }],
          model: queuedModel(),
          servers: [{ name: 'tools', url: mcp.url }],
          pollMs: 100,
        }),
      );
    }
    const [a, b] = await Promise.all(gateways.map((gateway) => gateway.listen(0)));
    onA = apiClient(a, 'sk-poll-alice');
    onB = apiClient(b, 'sk-poll-alice');
  });
  afterAll(async () => {
    await Promise.allSettled(gateways.map((gateway) => gateway.close()));
    gateways = [];
    await Promise.allSettled(databases.splice(0).map((db) => db.close()));
    await mcp?.close();
    await dropSchema(DATABASE_URL, schema).catch(() => undefined);
  });

  it('passes on the answer kept by the other replica', async () => {
    let answered: ReturnType<ApiClient['post']> | undefined;
    const messages = await directShippingCall(onA, (requestId) => {
      answered = onB.post(`/servers/tool-calls/elicitations/${requestId}`, {
        action: 'accept',
        content: { city: 'Lagos' },
      });
    });
    expect(await answered).toMatchObject({ status: 202, body: { success: true, forwarded: true } });
    const custom = (name: string): SseMessage | undefined =>
      messages.find((message) => message.data.type === 'CUSTOM' && message.data.name === name);
    expect(custom('elicitation_resolved')?.data.value).toMatchObject({ action: 'accept', by: 'person' });
    expect(custom('tool_call_result')?.data.value.content).toBe('shipping to Lagos, express false');
  });
});
