import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplicasWithoutBus } from './support/database-without-bus.ts';
import { directShippingCall } from './support/direct-shipping-call.ts';
import { type ApiClient, apiClient, type SseMessage } from './support/http-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { postgresUnreachable, type ReplicaGateways } from './support/replica-gateways.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

const missing = await postgresUnreachable();
if (missing) process.stderr.write(`direct-call polling test skipped: cannot reach ${missing}\n`);

/**
 * Two replicas sharing PostgreSQL and no bus (no Redis, no LISTEN: each has its own in-memory one), so a
 * notice never crosses between them: the answer to a direct call's form, given on the other
 * replica, reaches the call by the polling that makes up for lost notices.
 */
describe.skipIf(missing)('direct-call forms answered on another replica, without a shared bus', () => {
  let mcp: TestMcpServer;
  let replicas: ReplicaGateways | undefined;
  let onA: ApiClient;
  let onB: ApiClient;

  beforeAll(async () => {
    mcp = await startTestMcpServer();
    replicas = await startReplicasWithoutBus('direct_poll', () => ({
      users: [{ id: 'alice', name: 'Alice', role: 'user', apiKey: 'sk-poll-alice' }],
      model: queuedModel(),
      servers: [{ name: 'tools', url: mcp.url }],
      pollMs: 100,
    }));
    const [a, b] = replicas.urls;
    onA = apiClient(a, 'sk-poll-alice');
    onB = apiClient(b, 'sk-poll-alice');
  });
  afterAll(async () => {
    await replicas?.close();
    await mcp?.close();
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
