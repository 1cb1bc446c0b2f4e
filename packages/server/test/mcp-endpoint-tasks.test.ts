import { setTimeout as delay } from 'node:timers/promises';
import { fromJsonSchema, inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { type HttpServing, serveHttp } from '@switchboard/servers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queuedModel } from './support/queued-model.ts';
import {
  missingReplicaService,
  type ReplicaGateways,
  startReplicaGateways,
} from './support/replica-gateways.ts';

const KEYS = { alice: 'sk-tasks-alice', bob: 'sk-tasks-bob' };
const TASKS = 'io.modelcontextprotocol/tasks';

const missing = await missingReplicaService();
if (missing) process.stderr.write(`/mcp task tests skipped: cannot reach ${missing}\n`);

/** What a slow server's calls did: started, finished, or stopped by the gateway (by label). */
interface Journal {
  started: string[];
  finished: string[];
  stopped: string[];
}

/**
 * A 2026-07-28 server whose `wait` takes `seconds` (stopping when the call is cancelled) and whose
 * `ask` takes a second, then asks to confirm, then answers.
 */
async function startSlowServer(journal: Journal): Promise<HttpServing> {
  const schema = fromJsonSchema<{ seconds?: number; label?: string }>({
    type: 'object',
    properties: { seconds: { type: 'number' }, label: { type: 'string' } },
  });
  return serveHttp(() => {
    const server = new McpServer({ name: 'slow', version: '1.0.0' });
    server.registerTool('wait', { description: 'Waits.', inputSchema: schema }, async (args, ctx) => {
      const label = args.label ?? '';
      journal.started.push(label);
      try {
        await delay((args.seconds ?? 0) * 1000, undefined, { signal: ctx.mcpReq.signal });
      } catch {
        journal.stopped.push(label);
        throw new Error('stopped');
      }
      journal.finished.push(label);
      return { content: [{ type: 'text', text: `waited for ${label}` }] };
    });
    server.registerTool(
      'ask',
      { description: 'Asks after a while.', inputSchema: schema },
      async (_args, ctx) => {
        const sure = inputResponse(ctx.mcpReq.inputResponses, 'sure');
        if (sure.kind === 'elicit')
          return { content: [{ type: 'text', text: `sure: ${sure.content?.sure}` }] };
        await delay(1000);
        return inputRequired({
          inputRequests: {
            sure: inputRequired.elicit({
              message: 'Are you sure?',
              requestedSchema: {
                type: 'object',
                properties: { sure: { type: 'boolean' } },
                required: ['sure'],
              },
            }),
          },
        });
      },
    );
    return server;
  });
}

/**
 * Long `/mcp` tool calls run as tasks (the tasks extension, SEP-2663) for 2026-07-28 clients that
 * declare it, on two replicas sharing PostgreSQL: a call that takes long answers with a task at
 * once, which the client polls, answers and cancels on either replica.
 */
describe.skipIf(missing !== undefined)('/mcp tasks across replicas', () => {
  const journal: Journal = { started: [], finished: [], stopped: [] };
  let slow: HttpServing;
  let replicas: ReplicaGateways;

  beforeAll(async () => {
    slow = await startSlowServer(journal);
    replicas = await startReplicaGateways(
      'mcp_tasks',
      {
        model: queuedModel(),
        users: [
          { id: 'alice', name: 'Alice', role: 'user', apiKey: KEYS.alice },
          { id: 'bob', name: 'Bob', role: 'user', apiKey: KEYS.bob },
        ],
        servers: [{ name: 'slow', url: slow.url }],
        allowPrivateNetworks: true,
        secretKey: Buffer.alloc(32, 7),
      },
      { redis: false },
    );
  });
  afterAll(async () => {
    await replicas?.close();
    await slow?.close();
  });

  /** One 2026-07-28 request to a replica (`A` or `B`), as `key`, declaring the tasks extension unless `tasks` is false. */
  const rpc = async (
    replica: 'A' | 'B',
    method: string,
    params: Record<string, unknown>,
    { key = KEYS.alice, tasks = true }: { key?: string; tasks?: boolean } = {},
  ) => {
    const name = (params.name ?? params.taskId) as string | undefined;
    const response = await fetch(new URL('/mcp?mode=aggregate', replicas.urls[replica === 'A' ? 0 : 1]), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(name ? { 'mcp-name': name } : {}),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {
              elicitation: { form: {} },
              ...(tasks ? { extensions: { [TASKS]: {} } } : {}),
            },
          },
        },
      }),
    });
    const text = await response.text();
    const json = text.startsWith('{') ? JSON.parse(text) : JSON.parse(text.split('data: ').at(-1) as string);
    return json as {
      result?: Record<string, unknown>;
      error?: { code: number; message: string; data?: unknown };
    };
  };
  const call = (replica: 'A' | 'B', tool: string, args: Record<string, unknown>, tasks = true) =>
    rpc(replica, 'tools/call', { name: tool, arguments: args }, { tasks });
  const status = async (replica: 'A' | 'B', taskId: string) =>
    (await rpc(replica, 'tasks/get', { taskId })).result as Record<string, unknown>;

  it('answers a short call at once, and a long one without the extension at its end, as before', async () => {
    const quick = await call('A', 'slow_wait', { seconds: 0, label: 'quick' });
    expect(quick.result).toMatchObject({ resultType: 'complete', content: [{ text: 'waited for quick' }] });
    const untasked = await call('A', 'slow_wait', { seconds: 1, label: 'untasked' }, false);
    expect(untasked.result).toMatchObject({
      resultType: 'complete',
      content: [{ text: 'waited for untasked' }],
    });
  });

  it('makes a long call a task, stored before it is answered, which the other replica polls to its result', async () => {
    const created = (await call('A', 'slow_wait', { seconds: 1.5, label: 'polled' })).result ?? {};
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: expect.any(Number) });
    const taskId = created.taskId as string;
    expect(await status('B', taskId)).toMatchObject({ taskId, status: 'working', resultType: 'complete' });
    await vi.waitFor(async () => expect((await status('B', taskId)).status).toBe('completed'), {
      timeout: 10_000,
      interval: 200,
    });
    expect(await status('B', taskId)).toMatchObject({ result: { content: [{ text: 'waited for polled' }] } });
  });

  it('keeps a task its server asks about waiting for the answer, which the other replica takes and continues', async () => {
    const created = (await call('A', 'slow_ask', {})).result ?? {};
    const taskId = created.taskId as string;
    await vi.waitFor(async () => expect((await status('B', taskId)).status).toBe('input_required'), {
      timeout: 10_000,
      interval: 200,
    });
    expect((await status('B', taskId)).inputRequests).toMatchObject({
      sure: { method: 'elicitation/create', params: { message: '[server "slow"] Are you sure?' } },
    });
    const wrong = await rpc('B', 'tasks/update', { taskId, inputResponses: { sure: { roots: 'no' } } });
    expect(wrong.error).toMatchObject({ code: -32602 });
    const update = await rpc('B', 'tasks/update', {
      taskId,
      inputResponses: { sure: { action: 'accept', content: { sure: true } } },
    });
    expect(update.result).toMatchObject({ resultType: 'complete' });
    await vi.waitFor(async () => expect((await status('A', taskId)).status).toBe('completed'), {
      timeout: 10_000,
      interval: 200,
    });
    expect(await status('A', taskId)).toMatchObject({ result: { content: [{ text: 'sure: true' }] } });
  });

  it('cancels a task from the other replica: it stays cancelled and its call is stopped on the replica running it', async () => {
    const created = (await call('A', 'slow_wait', { seconds: 30, label: 'cancelled' })).result ?? {};
    const taskId = created.taskId as string;
    const cancel = await rpc('B', 'tasks/cancel', { taskId });
    expect(cancel.result).toMatchObject({ resultType: 'complete' });
    expect(await status('A', taskId)).toMatchObject({ status: 'cancelled' });
    await vi.waitFor(() => expect(journal.stopped).toContain('cancelled'), {
      timeout: 10_000,
      interval: 100,
    });
    expect(journal.finished).not.toContain('cancelled');
    expect(await status('B', taskId)).toMatchObject({ status: 'cancelled' });
  });

  it("keeps a user's tasks to them, and refuses the task methods to a client that does not declare the extension", async () => {
    const created = (await call('A', 'slow_wait', { seconds: 1, label: 'alices' })).result ?? {};
    const taskId = created.taskId as string;
    const asBob = await rpc('B', 'tasks/get', { taskId }, { key: KEYS.bob });
    expect(asBob.error).toMatchObject({ code: -32602 });
    const bobCancels = await rpc('B', 'tasks/cancel', { taskId }, { key: KEYS.bob });
    expect(bobCancels.error).toMatchObject({ code: -32602 });
    const undeclared = await rpc('B', 'tasks/get', { taskId }, { tasks: false });
    expect(undeclared.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [TASKS]: {} } } },
    });
    await vi.waitFor(async () => expect((await status('A', taskId)).status).toBe('completed'), {
      timeout: 10_000,
      interval: 200,
    });
  });
});
