import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anthropicStream, type FakeModelServer, startFakeModelServer } from '@switchboard/providers/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { directShippingCall } from './support/direct-shipping-call.ts';
import { type GatewayProcess, spawnGateway } from './support/gateway-process.ts';
import { type ApiClient, apiClient, eventTypes, readSse, type SseMessage } from './support/http-client.ts';
import { queuedModel } from './support/queued-model.ts';
import {
  missingReplicaService,
  type ReplicaGateways,
  startReplicaGateways,
} from './support/replica-gateways.ts';
import { dropSchema } from './support/test-database.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const KEYS = { alice: 'sk-replica-alice', carol: 'sk-replica-carol' };

async function reachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    return `PostgreSQL at ${new URL(DATABASE_URL).host} (${(error as Error).message})`;
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis at ${new URL(REDIS_URL).host} (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return undefined;
}

const unreachable = await reachable();
if (unreachable) {
  process.stderr.write(
    `replica tests skipped: cannot reach ${unreachable}; run scripts/ensure-services.sh\n`,
  );
}

describe.skipIf(unreachable !== undefined)('two gateway replicas sharing PostgreSQL and Redis', () => {
  const schema = `sb_replicas_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let dir: string;
  let configPath: string;
  let env: Record<string, string>;
  let fake: FakeModelServer;
  let mcp: TestMcpServer;
  let a: GatewayProcess;
  let b: GatewayProcess;
  let onA: ApiClient;
  let onB: ApiClient;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    mcp = await startTestMcpServer();
    dir = await mkdtemp(join(tmpdir(), 'switchboard-replicas-'));
    configPath = join(dir, 'switchboard.config.json');
    await writeFile(
      configPath,
      JSON.stringify({
        databaseUrl: DATABASE_URL,
        databaseSchema: schema,
        redisUrl: REDIS_URL,
        redisPrefix: `${schema}:`,
        model: 'anthropic:claude-test',
        shippedServers: false,
        servers: [{ name: 'tools', url: mcp.url }],
        users: [
          { id: 'alice', apiKeyEnv: 'ALICE_KEY' },
          { id: 'carol', apiKeyEnv: 'CAROL_KEY' },
        ],
        // These tests are about replicas, not approvals: the test server's tools run unasked.
        approvalPolicy: { defaultAction: 'allow' },
        limits: { elicitationTimeoutMs: 5_000 },
        leaseMs: 1_500,
        flushMs: 20,
        pollMs: 300,
        logLevel: 'warn',
      }),
    );
    env = {
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: fake.anthropicBaseURL,
      ALICE_KEY: KEYS.alice,
      CAROL_KEY: KEYS.carol,
      DATABASE_URL: '',
      REDIS_URL: '',
      SWITCHBOARD_MODEL: '',
    };
    [a, b] = await Promise.all([spawnGateway(configPath, env), spawnGateway(configPath, env)]);
    onA = apiClient(a.url, KEYS.alice);
    onB = apiClient(b.url, KEYS.alice);
  });

  afterAll(async () => {
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await mcp?.close();
    await fake?.close();
    await dropSchema(DATABASE_URL, schema).catch(() => undefined);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${schema}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const lastUserText = () => {
    const body = fake.requests.at(-1)?.body as { messages: Array<{ role: string; content: unknown }> };
    return JSON.stringify(body.messages);
  };
  const streamChat = (client: ApiClient, id: string, content: string) =>
    client.fetch(`/conversations/${id}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content }),
    });

  it('continues on one replica a conversation started on the other', async () => {
    const id = (await onA.post('/conversations', { title: 'Replicated' })).body.id;
    fake.enqueue(anthropicStream({ text: 'Hello from A.' }));
    expect(
      (await onA.post(`/conversations/${id}/chat`, { content: 'Hi A' })).body.assistant_message.content,
    ).toBe('Hello from A.');
    expect((await onB.get(`/conversations/${id}/messages`)).body.items).toHaveLength(2);
    fake.enqueue(anthropicStream({ text: 'Hello from B.' }));
    expect(
      (await onB.post(`/conversations/${id}/chat`, { content: 'Hi B' })).body.assistant_message.content,
    ).toBe('Hello from B.');
    expect(lastUserText()).toContain('Hello from A.');
    expect(
      (await onA.get(`/conversations/${id}/messages`)).body.items.map((m: { content: string }) => m.content),
    ).toEqual(['Hi A', 'Hello from A.', 'Hi B', 'Hello from B.']);
    // A kept the session of its own turn; back on A, the model must still see B's turn.
    fake.enqueue(anthropicStream({ text: 'Back on A.' }));
    await onA.post(`/conversations/${id}/chat`, { content: 'Hi again A' });
    expect(lastUserText()).toContain('Hello from B.');
  });

  it('resumes a suspended client-tool call on the other replica', async () => {
    const id = (await onA.post('/conversations', {})).body.id;
    fake.enqueue(
      anthropicStream({ toolCalls: [{ id: 'toolu_gps', name: 'client_webmcp_get_location', input: {} }] }),
    );
    const suspended = await onA.post(`/conversations/${id}/chat`, {
      content: 'Where am I?',
      client_tools: [{ name: 'get_location', input_schema: { type: 'object', properties: {} } }],
    });
    expect(suspended.body).toMatchObject({
      stop_reason: 'awaiting_client_tool',
      pending: [{ call_id: 'toolu_gps' }],
    });
    fake.enqueue(anthropicStream({ text: 'You are in Lyon.' }));
    const resumed = await onB.post(`/conversations/${id}/tool-results`, {
      results: [{ call_id: 'toolu_gps', content: 'Lyon' }],
    });
    expect(resumed.body).toMatchObject({
      stop_reason: 'end_turn',
      assistant_message: { content: 'You are in Lyon.' },
    });
    expect(lastUserText()).toContain('Lyon');
    expect(
      (
        await onA.post(`/conversations/${id}/tool-results`, {
          results: [{ call_id: 'toolu_gps', content: 'x' }],
        })
      ).status,
    ).toBe(409);
  });

  it('resumes an approval on the other replica', async () => {
    const id = (
      await onA.post('/conversations', {
        approval_policy: { rules: [{ match: 'tools:echo', action: 'ask' }] },
      })
    ).body.id;
    fake.enqueue(
      anthropicStream({
        toolCalls: [{ id: 'toolu_echo', name: 'tools_mcp_echo', input: { text: 'approved' } }],
      }),
    );
    expect(
      (await onA.post(`/conversations/${id}/chat`, { content: 'Echo, if I agree' })).body.stop_reason,
    ).toBe('awaiting_approval');
    fake.enqueue(anthropicStream({ text: 'Echoed.' }));
    const echoes = mcp.calls.get('echo') ?? 0;
    const approved = await onB.post(`/conversations/${id}/approvals`, {
      call_id: 'toolu_echo',
      decision: 'approve',
    });
    expect(approved.body).toMatchObject({
      stop_reason: 'end_turn',
      assistant_message: { content: 'Echoed.' },
    });
    expect(mcp.calls.get('echo')).toBe(echoes + 1);
    expect(lastUserText()).toContain('echo: approved');
  });

  it('resumes a dropped stream on the other replica while the turn still runs on the first', async () => {
    const id = (await onA.post('/conversations', {})).body.id;
    fake.enqueue(
      anthropicStream({
        text: 'Let me wait.',
        toolCalls: [{ id: 'toolu_block', name: 'tools_mcp_block', input: { key: 'stream' } }],
      }),
      anthropicStream({ text: 'Waited long enough.' }),
    );
    const head = await readSse(
      await streamChat(onA, id, 'Wait for it'),
      (event) => event.data.type === 'TOOL_CALL_END',
    );
    await mcp.blocker.started('stream');
    const follow = onB.fetch(`/conversations/${id}/stream`, {
      headers: { 'last-event-id': head.at(-1)?.id as string },
    });
    const response = await follow;
    const tail = readSse(response);
    mcp.blocker.release('stream');
    const rest = await tail;
    const all: SseMessage[] = [...head, ...rest];
    const ids = all.map((event) => Number(event.id));
    expect(ids).toEqual(ids.map((_, index) => ids[0] + index));
    expect(eventTypes(rest)).toContain('TOOL_CALL_RESULT');
    expect(eventTypes(rest).at(-1)).toBe('RUN_FINISHED');
    const text = all
      .filter((e) => e.data.type === 'TEXT_MESSAGE_CONTENT')
      .map((e) => e.data.delta)
      .join('');
    expect(text).toBe('Let me wait.Waited long enough.');
  });

  it('stops from one replica a turn running on the other', async () => {
    const id = (await onA.post('/conversations', {})).body.id;
    fake.enqueue(
      anthropicStream({ toolCalls: [{ id: 'toolu_stop', name: 'tools_mcp_block', input: { key: 'stop' } }] }),
    );
    const running = onA.post(`/conversations/${id}/chat`, { content: 'Block forever' });
    await mcp.blocker.started('stop');
    expect((await onB.post(`/conversations/${id}/stop`)).body).toEqual({ success: true, stopping: true });
    expect((await running).body.stop_reason).toBe('aborted');
    mcp.blocker.release('stop');
  });

  it("takes the answer to a server's form on one replica and gives it to the turn running on the other", async () => {
    const id = (await onA.post('/conversations', {})).body.id;
    fake.enqueue(
      anthropicStream({ toolCalls: [{ id: 'toolu_ship', name: 'tools_mcp_ask_shipping', input: {} }] }),
      anthropicStream({ text: 'Shipping is set.' }),
    );
    const head = await readSse(
      await streamChat(onA, id, 'Ship it'),
      (event) => event.data.type === 'CUSTOM' && event.data.name === 'elicitation_request',
    );
    const requestId = head.at(-1)?.data.value.requestId;
    const answered = await onB.post(`/conversations/${id}/elicitations/${requestId}`, {
      action: 'accept',
      content: { city: 'Braga', express: true },
    });
    expect(answered.status).toBe(202);
    expect(answered.body).toEqual({ success: true, forwarded: true });
    const tail = await readSse(
      await onB.fetch(`/conversations/${id}/stream`, {
        headers: { 'last-event-id': head.at(-1)?.id as string },
      }),
    );
    expect(tail.find((event) => event.data.type === 'TOOL_CALL_RESULT')?.data.content).toContain(
      'shipping to Braga, express true',
    );
    expect(eventTypes(tail).at(-1)).toBe('RUN_FINISHED');
  });

  const custom = (messages: SseMessage[], name: string) =>
    messages.filter((message) => message.data.type === 'CUSTOM' && message.data.name === name);
  const answerDirect = (client: ApiClient, requestId: string, answer: Record<string, unknown>) =>
    client.post(`/servers/tool-calls/elicitations/${requestId}`, answer);

  it('takes on one replica the answer to a form a direct tool call running on the other asks for', async () => {
    let requestId = '';
    let answers: Promise<Array<Awaited<ReturnType<ApiClient['post']>>>> | undefined;
    const messages = await directShippingCall(onA, (id) => {
      requestId = id;
      answers = (async () => [
        // Another user cannot answer it, on either replica; a form that does not fit is dropped by
        // the call's replica, and the form still takes the person's answer.
        await answerDirect(apiClient(b.url, KEYS.carol), id, { action: 'decline' }),
        await answerDirect(onB, id, { action: 'accept', content: { express: false } }),
        await answerDirect(onB, id, { action: 'accept', content: { city: 'Porto', express: false } }),
      ])();
    });
    const [stranger, unfit, answered] = (await answers) ?? [];
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe('unknown_request');
    expect(unfit.status).toBe(202);
    expect(answered.status).toBe(202);
    expect(answered.body).toEqual({ success: true, forwarded: true });

    expect(custom(messages, 'elicitation_resolved')[0].data.value).toMatchObject({
      requestId,
      action: 'accept',
      by: 'person',
    });
    const [result] = custom(messages, 'tool_call_result');
    expect(result.data.value.content).toBe('shipping to Porto, express false');

    for (const client of [onA, onB]) {
      const late = await answerDirect(client, requestId, { action: 'decline' });
      expect(late.status).toBe(409);
      expect(late.body.error.code).toBe('request_closed');
    }
    const unknown = await answerDirect(onB, 'el_never_asked', { action: 'cancel' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('unknown_request');
  });

  it("declines a direct tool call's form that nobody answers in time, on every replica", async () => {
    let requestId = '';
    const messages = await directShippingCall(onA, (id) => {
      requestId = id;
    });
    expect(custom(messages, 'elicitation_resolved')[0].data.value).toMatchObject({
      requestId,
      action: 'decline',
      by: 'timed_out',
    });
    expect(custom(messages, 'tool_call_result')[0].data.value.content).toBe('the person did not say');
    const late = await answerDirect(onB, requestId, { action: 'accept', content: { city: 'Faro' } });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('request_closed');
  });

  it('shares the rate limit between replicas', async () => {
    const carolA = apiClient(a.url, KEYS.carol);
    const carolB = apiClient(b.url, KEYS.carol);
    for (let i = 0; i < 30; i++) {
      const reply = await (i % 2 === 0 ? carolA : carolB).post('/conversations/conv_missing/chat', {
        content: 'x',
      });
      expect(reply.status).toBe(404);
    }
    for (const client of [carolA, carolB]) {
      const limited = await client.post('/conversations/conv_missing/chat', { content: 'x' });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect((await onA.get('/me')).status).toBe(200);
  });

  it('keeps every acknowledged message and no half turn when a replica is killed mid-stream', async () => {
    const id = (await onA.post('/conversations', {})).body.id;
    fake.enqueue(anthropicStream({ text: 'Committed answer.' }));
    await onA.post(`/conversations/${id}/chat`, { content: 'First question' });
    fake.enqueue(
      anthropicStream({
        text: 'Half an answer',
        toolCalls: [{ id: 'toolu_crash', name: 'tools_mcp_block', input: { key: 'crash' } }],
      }),
    );
    const head = await readSse(
      await streamChat(onA, id, 'Second question'),
      (event) => event.data.type === 'TOOL_CALL_END',
    );
    expect(eventTypes(head)[0]).toBe('CUSTOM:user_message');
    await mcp.blocker.started('crash');
    await a.kill();

    const roles = (await onB.get(`/conversations/${id}/messages`)).body.items.map(
      (m: { role: string; content: string }) => `${m.role}:${m.content}`,
    );
    expect(roles).toEqual(['user:First question', 'assistant:Committed answer.', 'user:Second question']);
    const tail = await readSse(
      await onB.fetch(`/conversations/${id}/stream`, {
        headers: { 'last-event-id': head.at(-1)?.id as string },
      }),
    );
    expect(tail.at(-1)?.data).toMatchObject({ type: 'RUN_ERROR', code: 'interrupted' });
    expect((await onB.get(`/conversations/${id}`)).body.status).toBe('idle');

    a = await spawnGateway(configPath, env);
    onA = apiClient(a.url, KEYS.alice);
    fake.enqueue(anthropicStream({ text: 'Answering both.' }));
    const next = await onA.post(`/conversations/${id}/chat`, { content: 'Third question' });
    expect(next.body.assistant_message.content).toBe('Answering both.');
    expect(lastUserText()).toMatch(/Second question[\s\S]*Third question/);
    const after = (await onA.get(`/conversations/${id}/messages`)).body.items.map(
      (m: { content: string }) => m.content,
    );
    expect(after).toEqual([
      'First question',
      'Committed answer.',
      'Second question',
      'Third question',
      'Answering both.',
    ]);
    mcp.blocker.release('crash');
  });
});

const noPostgres = await missingReplicaService({ redis: false });
if (noPostgres) process.stderr.write(`replica tests without Redis skipped: cannot reach ${noPostgres}\n`);

/**
 * Two replicas sharing PostgreSQL and no Redis: PostgreSQL's LISTEN/NOTIFY carries the stop request.
 * The lease is long, so its renewal (which also reads a stop request) cannot be what stops the turn.
 */
describe.skipIf(noPostgres !== undefined)('two gateway replicas sharing PostgreSQL without Redis', () => {
  const model = queuedModel();
  let replicas: ReplicaGateways;

  beforeAll(async () => {
    replicas = await startReplicaGateways(
      'replicas_pg',
      {
        users: [{ id: 'alice', name: 'Alice', role: 'user', apiKey: KEYS.alice }],
        model,
        leaseMs: 120_000,
      },
      { redis: false },
    );
  });
  afterAll(async () => {
    await replicas?.close();
  });

  it('stops from one replica a turn running on the other', async () => {
    const onA = apiClient(replicas.urls[0], KEYS.alice);
    const onB = apiClient(replicas.urls[1], KEYS.alice);
    const id = (await onA.post('/conversations', {})).body.id;
    model.enqueue({
      before: 'Thinking',
      wait: new Promise<void>(() => undefined),
      reply: { text: 'Never.' },
    });
    const running = onA.post(`/conversations/${id}/chat`, { content: 'Think forever' });
    await vi.waitFor(() => expect(model.requests).toHaveLength(1));
    expect((await onB.post(`/conversations/${id}/stop`)).body).toEqual({ success: true, stopping: true });
    expect((await running).body.stop_reason).toBe('aborted');
  });
});
