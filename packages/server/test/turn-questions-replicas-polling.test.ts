import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplicasWithoutBus } from './support/database-without-bus.ts';
import { type ApiClient, apiClient, eventTypes, readSse, type SseMessage } from './support/http-client.ts';
import { type QueuedModel, queuedModel } from './support/queued-model.ts';
import { postgresUnreachable, type ReplicaGateways } from './support/replica-gateways.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

const missing = await postgresUnreachable();
if (missing) process.stderr.write(`turn questions polling test skipped: cannot reach ${missing}\n`);

/**
 * Two replicas sharing PostgreSQL and no bus (no Redis, no LISTEN: each has its own in-memory one), so a notice
 * never crosses between them, and a lease renewed only every 40 s: the answer to a question a turn on
 * A asks, given on B, reaches the turn by the polling that makes up for lost notices.
 */
describe.skipIf(missing)("a turn's questions answered on another replica, without a shared bus", () => {
  let mcp: TestMcpServer;
  let replicas: ReplicaGateways | undefined;
  let modelA: QueuedModel;
  let onA: ApiClient;
  let onB: ApiClient;

  beforeAll(async () => {
    mcp = await startTestMcpServer();
    const models = [queuedModel(), queuedModel()];
    modelA = models[0] as QueuedModel;
    replicas = await startReplicasWithoutBus('turn_poll', (replica) => ({
      users: [{ id: 'alice', name: 'Alice', role: 'user', apiKey: 'sk-turn-poll-alice' }],
      model: models[replica] as QueuedModel,
      servers: [{ name: 'tools', url: mcp.url }],
      leaseMs: 120_000,
      pollMs: 100,
    }));
    const [a, b] = replicas.urls;
    onA = apiClient(a, 'sk-turn-poll-alice');
    onB = apiClient(b, 'sk-turn-poll-alice');
  });
  afterAll(async () => {
    await replicas?.close();
    await mcp?.close();
  });

  const isCustom = (name: string) => (event: SseMessage) =>
    event.data.type === 'CUSTOM' && event.data.name === name;
  /** Starts a turn on A and reads its stream up to the question `name`. */
  const askOnA = async (id: string, name: string) =>
    readSse(
      await onA.fetch(`/conversations/${id}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ content: 'Go' }),
      }),
      isCustom(name),
    );
  const restOnA = async (id: string, head: SseMessage[]) =>
    readSse(
      await onA.fetch(`/conversations/${id}/stream`, {
        headers: { 'last-event-id': head.at(-1)?.id as string },
      }),
    );

  it("passes a form's answer given on B to the turn on A, and then refuses it as closed", async () => {
    const id = (await onA.post('/conversations', {})).body.id;
    const other = (await onA.post('/conversations', {})).body.id;
    modelA.enqueue(
      { toolCalls: [{ id: 'call_ship', name: 'tools_mcp_ask_shipping', input: {} }] },
      { text: 'Shipping is set.' },
    );
    const head = await askOnA(id, 'elicitation_request');
    const requestId = head.at(-1)?.data.value.requestId as string;
    const answer = { action: 'accept', content: { city: 'Braga', express: true } };

    // B knows the question from the database: not another conversation's, not an unknown one.
    expect((await onB.post(`/conversations/${other}/elicitations/${requestId}`, answer)).status).toBe(404);
    const unknown = await onB.post(`/conversations/${id}/elicitations/el_nope`, answer);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('unknown_request');

    const answered = await onB.post(`/conversations/${id}/elicitations/${requestId}`, answer);
    expect(answered.status).toBe(202);
    expect(answered.body).toEqual({ success: true, forwarded: true });
    const tail = await restOnA(id, head);
    expect(tail.find(isCustom('elicitation_resolved'))?.data.value).toMatchObject({
      action: 'accept',
      by: 'person',
    });
    expect(tail.find((event) => event.data.type === 'TOOL_CALL_RESULT')?.data.content).toContain(
      'shipping to Braga, express true',
    );
    expect(eventTypes(tail).at(-1)).toBe('RUN_FINISHED');

    const late = await onB.post(`/conversations/${id}/elicitations/${requestId}`, answer);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('request_closed');
  });

  it('passes a sampling approval given on B to the turn on A', async () => {
    const id = (await onA.post('/conversations', {})).body.id;
    modelA.enqueue(
      { toolCalls: [{ id: 'call_sum', name: 'tools_mcp_summarize', input: {} }] },
      { text: 'Three milks.' },
      { text: 'Summarized.' },
    );
    const head = await askOnA(id, 'sampling_request');
    const requestId = head.at(-1)?.data.value.requestId as string;
    const approved = await onB.post(`/conversations/${id}/sampling/${requestId}`, { decision: 'approve' });
    expect(approved.status).toBe(202);
    const tail = await restOnA(id, head);
    expect(tail.find(isCustom('sampling_resolved'))?.data.value).toMatchObject({ outcome: 'answered' });
    expect(tail.find((event) => event.data.type === 'TOOL_CALL_RESULT')?.data.content).toContain(
      'summary: Three milks.',
    );
  });
});
