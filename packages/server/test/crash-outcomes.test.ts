import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anthropicStream, type FakeModelServer, startFakeModelServer } from '@switchboard/providers/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGateway, createLogger, type Gateway } from '../src/index.ts';
import { UNANSWERED_NOTES } from '../src/messages/from-api-messages.ts';
import { type GatewayProcess, spawnGateway } from './support/gateway-process.ts';
import { type ApiClient, apiClient, readSse, type SseMessage } from './support/http-client.ts';
import { freshPgliteDataDir } from './support/pglite-template.ts';
import { queuedModel } from './support/queued-model.ts';
import { DATABASE_URL, postgresUnreachable } from './support/replica-gateways.ts';
import { dropSchema } from './support/test-database.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

const KEY = 'sk-crash-alice';
/** Leases far longer than any test: a turn closed in time was closed by a restart, not by its lease. */
const LEASE_MS = 600_000;

/** The text blocks of the user message the model got last. */
function lastUserBlocks(fake: FakeModelServer): string[] {
  const body = fake.requests.at(-1)?.body as { messages: Array<{ role: string; content: unknown }> };
  const last = body.messages.at(-1);
  if (last?.role !== 'user') return [];
  return typeof last.content === 'string'
    ? [last.content]
    : (last.content as Array<{ type: string; text?: string }>).flatMap((block) =>
        block.text ? [block.text] : [],
      );
}

/** A keyed streaming send, cut once the turn is inside its blocking tool call. */
async function sendAndCut(
  client: ApiClient,
  id: string,
  content: string,
  key: string,
): Promise<SseMessage[]> {
  const response = await client.fetch(`/conversations/${id}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'idempotency-key': key },
    body: JSON.stringify({ content }),
  });
  return readSse(response, (event) => event.data.type === 'TOOL_CALL_END');
}

/** The turn the model starts when asked: half an answer, then a tool call that blocks until released. */
function blockingTurn(fake: FakeModelServer, key: string): void {
  fake.enqueue(
    anthropicStream({
      text: 'Half an answer',
      toolCalls: [{ id: `toolu_${key}`, name: 'tools_mcp_block', input: { key } }],
    }),
  );
}

describe('a gateway on its embedded database killed mid-stream (kill -9) and started again', () => {
  let dir: string;
  let configPath: string;
  let env: Record<string, string>;
  let fake: FakeModelServer;
  let mcp: TestMcpServer;
  let gateway: GatewayProcess | undefined;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    mcp = await startTestMcpServer();
    dir = await mkdtemp(join(tmpdir(), 'switchboard-crash-'));
    configPath = join(dir, 'switchboard.config.json');
    await writeFile(
      configPath,
      JSON.stringify({
        dataDir: join(dir, 'data'),
        model: 'anthropic:claude-test',
        shippedServers: false,
        servers: [{ name: 'tools', url: mcp.url }],
        approvalPolicy: { defaultAction: 'allow' }, // about crashes, not approvals
        users: [{ id: 'alice', apiKeyEnv: 'ALICE_KEY' }],
        leaseMs: LEASE_MS,
        flushMs: 20,
        pollMs: 200,
        logLevel: 'warn',
      }),
    );
    env = {
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: fake.anthropicBaseURL,
      ALICE_KEY: KEY,
      DATABASE_URL: '',
      REDIS_URL: '',
      SWITCHBOARD_MODEL: '',
      SWITCHBOARD_INSTANCE_ID: '',
    };
    await freshPgliteDataDir({ target: join(dir, 'data', 'db') });
    gateway = await spawnGateway(configPath, env);
  });

  afterAll(async () => {
    mcp?.blocker.release('pglite');
    await gateway?.stop();
    await mcp?.close();
    await fake?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('tells the resumed stream and the retried send "interrupted" at once, and answers the next question', async () => {
    let client = apiClient(gateway?.url as string, KEY);
    const id = (await client.post('/conversations', {})).body.id as string;
    fake.enqueue(anthropicStream({ text: 'Committed answer.' }));
    expect((await client.post(`/conversations/${id}/chat`, { content: 'First question' })).status).toBe(200);

    blockingTurn(fake, 'pglite');
    const head = await sendAndCut(client, id, 'Second question', 'send-2');
    await mcp.blocker.started('pglite');
    const acknowledged = head.find((event) => event.data.name === 'user_message')?.data.value;
    await gateway?.kill();

    gateway = await spawnGateway(configPath, env);
    client = apiClient(gateway.url, KEY);
    const tail = await readSse(
      await client.fetch(`/conversations/${id}/stream`, {
        headers: { 'last-event-id': head.at(-1)?.id as string },
      }),
    );
    expect(tail.at(-1)?.data).toMatchObject({ type: 'RUN_ERROR', code: 'interrupted' });

    const retried = await client.request(
      'POST',
      `/conversations/${id}/chat`,
      { content: 'Second question' },
      { 'idempotency-key': 'send-2' },
    );
    expect(retried.status).toBe(500);
    expect(retried.body).toMatchObject({
      success: false,
      stop_reason: 'interrupted',
      user_message: { id: acknowledged.id, content: 'Second question', unanswered: 'interrupted' },
    });

    fake.enqueue(anthropicStream({ text: 'Answering the third.' }));
    const next = await client.post(`/conversations/${id}/chat`, { content: 'Third question' });
    expect(next.body.assistant_message.content).toBe('Answering the third.');
    expect(lastUserBlocks(fake)).toEqual(['Second question', UNANSWERED_NOTES.interrupted, 'Third question']);
    const stored = (await client.get(`/conversations/${id}/messages`)).body.items as Array<{
      content: string;
      unanswered?: string;
    }>;
    expect(stored.map((message) => [message.content, message.unanswered])).toEqual([
      ['First question', undefined],
      ['Committed answer.', undefined],
      ['Second question', 'interrupted'],
      ['Third question', undefined],
      ['Answering the third.', undefined],
    ]);
  });
});

const noPostgres = await postgresUnreachable();
if (noPostgres)
  process.stderr.write(
    `crash tests on PostgreSQL skipped: cannot reach ${noPostgres}; run scripts/ensure-services.sh\n`,
  );

describe.skipIf(noPostgres !== undefined)(
  'two replicas on PostgreSQL, one killed mid-stream (kill -9)',
  () => {
    const schema = `sb_crash_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    let dir: string;
    let configPath: string;
    let env: Record<string, string>;
    let fake: FakeModelServer;
    let mcp: TestMcpServer;
    let a: GatewayProcess | undefined;
    let b: GatewayProcess | undefined;

    beforeAll(async () => {
      fake = await startFakeModelServer();
      mcp = await startTestMcpServer();
      dir = await mkdtemp(join(tmpdir(), 'switchboard-crash-replicas-'));
      configPath = join(dir, 'switchboard.config.json');
      await writeFile(
        configPath,
        JSON.stringify({
          databaseUrl: DATABASE_URL,
          databaseSchema: schema,
          model: 'anthropic:claude-test',
          shippedServers: false,
          servers: [{ name: 'tools', url: mcp.url }],
          approvalPolicy: { defaultAction: 'allow' }, // about crashes, not approvals
          users: [{ id: 'alice', apiKeyEnv: 'ALICE_KEY' }],
          leaseMs: LEASE_MS,
          flushMs: 20,
          pollMs: 200,
          logLevel: 'warn',
        }),
      );
      env = {
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_BASE_URL: fake.anthropicBaseURL,
        ALICE_KEY: KEY,
        DATABASE_URL: '',
        REDIS_URL: '',
        SWITCHBOARD_MODEL: '',
      };
      a = await spawnGateway(configPath, { ...env, SWITCHBOARD_INSTANCE_ID: 'replica-a' });
      b = await spawnGateway(configPath, { ...env, SWITCHBOARD_INSTANCE_ID: 'replica-b' });
    });

    afterAll(async () => {
      mcp?.blocker.release('replicas');
      await Promise.allSettled([a?.stop(), b?.stop()]);
      await mcp?.close();
      await fake?.close();
      await dropSchema(DATABASE_URL, schema).catch(() => undefined);
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('the other replica says the send is in flight, then "interrupted" once the killed one is back', async () => {
      const onA = apiClient(a?.url as string, KEY);
      const onB = apiClient(b?.url as string, KEY);
      const id = (await onA.post('/conversations', {})).body.id as string;
      blockingTurn(fake, 'replicas');
      const head = await sendAndCut(onA, id, 'What is 4 plus 36?', 'send-36');
      await mcp.blocker.started('replicas');
      const acknowledged = head.find((event) => event.data.name === 'user_message')?.data.value;
      await a?.kill();

      // B follows the dead turn's stream; the retried send is told it is still in flight, not run twice.
      const following = onB
        .fetch(`/conversations/${id}/stream`, { headers: { 'last-event-id': head.at(-1)?.id as string } })
        .then((response) => readSse(response));
      const retry = () =>
        onB.request(
          'POST',
          `/conversations/${id}/chat`,
          { content: 'What is 4 plus 36?' },
          { 'idempotency-key': 'send-36' },
        );
      const early = await retry();
      expect(early.status).toBe(409);
      expect(early.body.error.code).toBe('idempotency_key_in_flight');
      expect(early.headers.get('retry-after')).toBe('1');

      a = await spawnGateway(configPath, { ...env, SWITCHBOARD_INSTANCE_ID: 'replica-a' });
      expect((await following).at(-1)?.data).toMatchObject({ type: 'RUN_ERROR', code: 'interrupted' });
      const told = await retry();
      expect(told.status).toBe(500);
      expect(told.body).toMatchObject({
        stop_reason: 'interrupted',
        user_message: { id: acknowledged.id, unanswered: 'interrupted' },
      });

      fake.enqueue(anthropicStream({ text: '41.' }));
      const next = await onB.post(`/conversations/${id}/chat`, { content: 'What is 4 plus 37?' });
      expect(next.body.assistant_message.content).toBe('41.');
      expect(lastUserBlocks(fake).at(-1)).toBe('What is 4 plus 37?');
      const users = (await onB.get(`/conversations/${id}/messages`)).body.items.filter(
        (message: { role: string }) => message.role === 'user',
      );
      expect(users.map((message: { content: string }) => message.content)).toEqual([
        'What is 4 plus 36?',
        'What is 4 plus 37?',
      ]);
    });
  },
);

describe.skipIf(noPostgres !== undefined)("the database connection dropped during a turn's commit", () => {
  const application = `sb_drop_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const schema = `sb_${application}`;
  const model = queuedModel();
  let gateway: Gateway;
  let alice: ApiClient;
  let admin: pg.Client;

  beforeAll(async () => {
    const url = new URL(DATABASE_URL);
    url.searchParams.set('application_name', application);
    gateway = await createGateway({
      database: { url: url.toString(), schema, maxConnections: 4 },
      logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      users: [{ id: 'alice', name: 'Alice', role: 'user', apiKey: KEY }],
      model,
      leaseMs: LEASE_MS,
    });
    alice = apiClient(await gateway.listen(0), KEY);
    admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await gateway?.close();
    await dropSchema(DATABASE_URL, schema).catch(() => undefined);
  });

  it('reports not_saved only after finding the turn unsaved, and the conversation is usable at once', async () => {
    const id = (await alice.post('/conversations', {})).body.id as string;
    const table = `${schema}.conversations`;
    let answer: () => void = () => undefined;
    model.enqueue({
      wait: new Promise<void>((resolve) => (answer = resolve)),
      reply: { text: 'An answer the database never took.' },
    });
    const asked = model.requests.length;
    const turn = alice.post(`/conversations/${id}/chat`, { content: 'Save me' });
    await vi.waitFor(() => expect(model.requests.length).toBe(asked + 1));
    // Another session holds the conversation's row, so the turn's commit waits for it; then its connection is cut.
    await admin.query('BEGIN');
    await admin.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR NO KEY UPDATE`, [id]);
    answer();
    const waiting = await vi.waitFor(
      async () => {
        // The admin session is inside its transaction, whose view of pg_stat_activity is otherwise fixed.
        await admin.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'
             AND starts_with(query, 'WITH lease AS')`,
          [application],
        );
        expect(rows).toHaveLength(1);
        return rows[0]?.pid;
      },
      { timeout: 10_000 },
    );
    await admin.query('SELECT pg_terminate_backend($1)', [waiting]);
    await admin.query('ROLLBACK');
    const failed = await turn;
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({
      stop_reason: 'not_saved',
      user_message: { content: 'Save me', unanswered: 'not_saved' },
    });
    model.enqueue({ text: 'Saved this time.' });
    const next = await alice.post(`/conversations/${id}/chat`, { content: 'Try again' });
    expect(next.status).toBe(200);
    expect((await alice.get(`/conversations/${id}/messages`)).body.items).toHaveLength(3);
  });
});
