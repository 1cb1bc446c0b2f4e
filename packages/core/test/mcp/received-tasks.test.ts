import {
  type ElicitResult,
  fromJsonSchema,
  McpServer,
  type ServerContext,
  type StandardSchemaV1,
  specTypeSchemas,
} from '@modelcontextprotocol/server';
import { afterEach, describe, expect, test } from 'vitest';
import { McpConnection, type McpServerRequestHandlers } from '../../src/mcp/index.ts';
import { stdioTransport } from '../../src/mcp-node/index.ts';
import type { CallServerRequests } from '../../src/types/layers.ts';
import { listen, sessionfulHandler } from '../fixtures/http-servers.ts';
import { callContext, SERVER_EVERYTHING } from '../support/mcp-test-servers.ts';

/** Anything: the answer of `tasks/result` as it came, `_meta` included. */
const ANY: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'test',
    validate: (value) => ({ value: value as Record<string, unknown> }),
  },
};

const QUESTION = {
  message: 'Which colour?',
  requestedSchema: {
    type: 'object' as const,
    properties: { colour: { type: 'string' as const } },
    required: ['colour'],
  },
};

/** The params of a task-augmented `elicitation/create` or `sampling/createMessage`. */
function taskRequest(method: string) {
  return method === 'sampling/createMessage'
    ? {
        method,
        params: {
          task: { ttl: 60_000 },
          messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
          maxTokens: 20,
        },
      }
    : { method, params: { task: { ttl: 60_000 }, ...QUESTION } };
}

/** Sends a task-augmented request to the client (as part of the tool call `ctx` handles): the task the client created. */
async function createTask(ctx: ServerContext, method: string) {
  const created = await ctx.mcpReq.send(taskRequest(method), specTypeSchemas.CreateTaskResult);
  return created.task;
}

const getTask = (ctx: ServerContext, taskId: string) =>
  ctx.mcpReq.send({ method: 'tasks/get', params: { taskId } }, specTypeSchemas.GetTaskResult);

/**
 * A server built with the SDK whose tools ask the client to run elicitation and sampling as tasks
 * (MCP 2025-11-25): `ask-as-task` sends the request with a `task`, polls `tasks/get` until the task
 * ends, then fetches `tasks/result`, and answers with every status it saw and the answer as JSON.
 * `ask-and-cancel` cancels its task at once; `ask-many` creates `count` tasks and says how many the
 * client took and the statuses of those it lists; `client-tasks` shows the client's `tasks`
 * capability. `firstPoll` fires when `ask-as-task` first polled its task; `announced` receives the
 * statuses the client announces (`notifications/tasks/status`).
 */
function createTaskAskingServer(firstPoll: () => void, announced: string[]): McpServer {
  const server = new McpServer({ name: 'task-asking', version: '1.0.0' });
  server.server.setNotificationHandler(
    'notifications/tasks/status',
    { params: specTypeSchemas.TaskStatusNotificationParams },
    (task) => {
      announced.push(task.status);
    },
  );
  const noArgs = fromJsonSchema({ type: 'object', properties: {} });
  server.registerTool(
    'ask-as-task',
    {
      description: 'Asks the client as a task and follows it.',
      inputSchema: fromJsonSchema<{ method: string }>({
        type: 'object',
        properties: { method: { type: 'string' } },
        required: ['method'],
      }),
    },
    async ({ method }, ctx) => {
      let task = await createTask(ctx, method);
      const statuses = [task.status];
      while (task.status === 'working' || task.status === 'input_required') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        task = await getTask(ctx, task.taskId);
        if (statuses.length === 1) firstPoll();
        if (statuses.at(-1) !== task.status) statuses.push(task.status);
      }
      const result =
        task.status === 'completed'
          ? await ctx.mcpReq.send({ method: 'tasks/result', params: { taskId: task.taskId } }, ANY)
          : undefined;
      return { content: [{ type: 'text', text: JSON.stringify({ taskId: task.taskId, statuses, result }) }] };
    },
  );
  server.registerTool(
    'ask-and-cancel',
    { description: 'Asks the client as a task, then cancels it.', inputSchema: noArgs },
    async (_args, ctx) => {
      const { taskId } = await createTask(ctx, 'elicitation/create');
      const cancelled = await ctx.mcpReq.send(
        { method: 'tasks/cancel', params: { taskId } },
        specTypeSchemas.CancelTaskResult,
      );
      const result = await ctx.mcpReq.send({ method: 'tasks/result', params: { taskId } }, ANY).then(
        () => 'answered',
        (error: Error) => error.message,
      );
      const again = await getTask(ctx, taskId);
      const text = JSON.stringify({ cancelled: cancelled.status, result, again: again.status });
      return { content: [{ type: 'text', text }] };
    },
  );
  server.registerTool(
    'ask-many',
    {
      description: 'Creates `count` tasks on the client.',
      inputSchema: fromJsonSchema<{ count: number }>({
        type: 'object',
        properties: { count: { type: 'number' } },
        required: ['count'],
      }),
    },
    async ({ count }, ctx) => {
      const created: string[] = [];
      const refused: string[] = [];
      for (let i = 0; i < count; i++) {
        await createTask(ctx, 'elicitation/create').then(
          (task) => created.push(task.taskId),
          (error: Error) => refused.push(error.message),
        );
      }
      const { tasks } = await ctx.mcpReq.send(
        { method: 'tasks/list', params: {} },
        specTypeSchemas.ListTasksResult,
      );
      const text = JSON.stringify({
        created: created.length,
        refused,
        listed: tasks.map((task) => task.status),
      });
      return { content: [{ type: 'text', text }] };
    },
  );
  server.registerTool(
    'ask-malformed',
    { description: 'Asks the client as a task, with a question that is no question.', inputSchema: noArgs },
    async (_args, ctx) => {
      const text = await ctx.mcpReq
        .send(
          { method: 'elicitation/create', params: { task: {}, message: 42 } },
          specTypeSchemas.CreateTaskResult,
        )
        .then(
          () => 'created',
          (error: Error) => error.message,
        );
      return { content: [{ type: 'text', text: JSON.stringify(text) }] };
    },
  );
  server.registerTool(
    'client-tasks',
    { description: 'The tasks capability the client declared.', inputSchema: noArgs },
    async () => {
      const tasks = server.server.getClientCapabilities()?.tasks ?? null;
      return { content: [{ type: 'text', text: JSON.stringify(tasks) }] };
    },
  );
  return server;
}

/** A promise and the means to settle it. */
function deferred<T = void>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((yes) => {
    resolve = yes;
  });
  return { promise, resolve };
}

/** Resolves with `answer` once the signal fires (the question was withdrawn), recording that it did. */
function untilWithdrawn<T>(signal: AbortSignal, answer: T, withdrawn: string[]): Promise<T> {
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => {
      withdrawn.push(String((signal.reason as Error | undefined)?.message ?? signal.reason));
      resolve(answer);
    }),
  );
}

describe('elicitation and sampling a server asks the client to run as tasks (Streamable HTTP, 2025-11-25)', () => {
  const teardown: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of teardown.splice(0).reverse()) await step();
  });

  let firstPoll = deferred();
  let announced: string[] = [];

  async function connect(
    handlers: McpServerRequestHandlers = {},
    answerThroughCalls: ('elicitation' | 'sampling')[] = ['elicitation', 'sampling'],
  ): Promise<McpConnection> {
    firstPoll = deferred();
    announced = [];
    const handler = sessionfulHandler(() => createTaskAskingServer(() => firstPoll.resolve(), announced));
    const server = await listen(handler.handle);
    const connection = new McpConnection({
      name: 'task-asking',
      transport: { type: 'http', url: server.url },
      timeoutMs: 10_000,
      answerThroughCalls,
      handlers,
    });
    teardown.push(
      () => server.close(),
      () => handler.close(),
      () => connection.close(),
    );
    return connection;
  }

  const call = async (
    connection: McpConnection,
    tool: string,
    args: Record<string, unknown>,
    serverRequests: CallServerRequests = {},
    signal?: AbortSignal,
  ) => JSON.parse((await connection.callTool(tool, args, { ...callContext(signal), serverRequests })).text);

  test('the person answers through the call that asked while the server polls; the task completes with the answer', async () => {
    const connectionHandler: string[] = [];
    const connection = await connect({
      elicitation: async () => {
        connectionHandler.push('asked');
        return { action: 'decline' };
      },
    });
    const asked: string[] = [];
    const outcome = await call(
      connection,
      'ask-as-task',
      { method: 'elicitation/create' },
      {
        elicitation: async (params) => {
          asked.push(params.message);
          // The server has the task, and polled it, before the person answers.
          await firstPoll.promise;
          return { action: 'accept', content: { colour: 'teal' } };
        },
      },
    );

    expect(asked).toEqual(['Which colour?']);
    expect(connectionHandler).toEqual([]);
    expect(outcome.statuses).toEqual(['input_required', 'completed']);
    await expect.poll(() => announced).toEqual(['completed']);
    expect(outcome.result).toEqual({
      action: 'accept',
      content: { colour: 'teal' },
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: outcome.taskId } },
    });
  });

  test('a declined form completes the task with the decline (the request itself succeeded)', async () => {
    const connection = await connect();
    const outcome = await call(
      connection,
      'ask-as-task',
      { method: 'elicitation/create' },
      { elicitation: async (): Promise<ElicitResult> => ({ action: 'decline' }) },
    );
    expect(outcome.statuses.at(-1)).toBe('completed');
    expect(outcome.result).toMatchObject({ action: 'decline' });
  });

  test('a sampling task is worked on, then completes with the completion', async () => {
    const connection = await connect();
    const outcome = await call(
      connection,
      'ask-as-task',
      { method: 'sampling/createMessage' },
      {
        sampling: async () => {
          await firstPoll.promise;
          return { role: 'assistant', model: 'scripted', content: { type: 'text', text: 'hi' } };
        },
      },
    );
    expect(outcome.statuses).toEqual(['working', 'completed']);
    expect(outcome.result).toMatchObject({ model: 'scripted', content: { type: 'text', text: 'hi' } });
  });

  test('a task the server cancels withdraws the question; its result is an error', async () => {
    const connection = await connect();
    const withdrawn: string[] = [];
    const outcome = await call(
      connection,
      'ask-and-cancel',
      {},
      {
        elicitation: (_params, { signal }) =>
          untilWithdrawn(signal, { action: 'cancel' as const }, withdrawn),
      },
    );
    expect(outcome).toEqual({
      cancelled: 'cancelled',
      result: expect.stringContaining('the server cancelled the task'),
      again: 'cancelled',
    });
    expect(withdrawn).toEqual(['the server cancelled the task']);
    await expect.poll(() => announced).toEqual(['cancelled']);
  });

  test('cancelling the tool call that asked withdraws the question and cancels its task', async () => {
    const connection = await connect();
    const controller = new AbortController();
    const withdrawn: string[] = [];
    const asking = call(
      connection,
      'ask-as-task',
      { method: 'elicitation/create' },
      {
        elicitation: (_params, { signal }) => {
          firstPoll.promise.then(() => controller.abort(new Error('the user pressed stop')));
          return untilWithdrawn(signal, { action: 'cancel' as const }, withdrawn);
        },
      },
      controller.signal,
    );
    await expect(asking).rejects.toMatchObject({ kind: 'cancelled' });
    expect(withdrawn).toEqual(['the user pressed stop']);
    expect(await call(connection, 'ask-many', { count: 0 })).toMatchObject({ listed: ['cancelled'] });
  });

  test('a server cannot keep more than 32 tasks on the client: the next request is refused', async () => {
    const withdrawn: string[] = [];
    const connection = await connect();
    const outcome = await call(
      connection,
      'ask-many',
      { count: 33 },
      {
        elicitation: (_params, { signal }) =>
          untilWithdrawn(signal, { action: 'cancel' as const }, withdrawn),
      },
    );
    expect(outcome).toEqual({
      created: 32,
      refused: [expect.stringContaining('at most 32 tasks')],
      listed: Array(32).fill('input_required'),
    });
  });

  test('a malformed request is refused at once, and no task is made for it', async () => {
    const connection = await connect();
    const asked: string[] = [];
    const refusal = await call(
      connection,
      'ask-malformed',
      {},
      {
        elicitation: async (params) => {
          asked.push(params.message);
          return { action: 'decline' };
        },
      },
    );
    expect(refusal).toContain('Invalid elicitation/create request');
    expect(asked).toEqual([]);
    expect(await call(connection, 'ask-many', { count: 0 })).toMatchObject({ listed: [] });
  });

  test('declares the tasks capability for the requests it can answer, and none when it answers none', async () => {
    const answering = await connect();
    expect(await call(answering, 'client-tasks', {})).toEqual({
      list: {},
      cancel: {},
      requests: { elicitation: { create: {} }, sampling: { createMessage: {} } },
    });
    const eliciting = await connect({ elicitation: async () => ({ action: 'decline' }) }, []);
    expect(await call(eliciting, 'client-tasks', {})).toEqual({
      list: {},
      cancel: {},
      requests: { elicitation: { create: {} } },
    });
    expect(await call(await connect({}, []), 'client-tasks', {})).toBeNull();
  });
});

describe('the async elicitation of @modelcontextprotocol/server-everything (stdio)', () => {
  test('its form is answered through the call as a task the server polls, and the answer reaches the tool', async () => {
    const connection = new McpConnection({
      name: 'everything',
      transport: stdioTransport({ command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'] }),
      timeoutMs: 10_000,
      answerThroughCalls: ['elicitation'],
    });
    try {
      const output = await connection.callTool(
        'trigger-elicitation-request-async',
        {},
        {
          ...callContext(),
          serverRequests: {
            elicitation: async () => ({ action: 'accept', content: { name: 'Ada', favoriteColor: 'Green' } }),
          },
        },
      );
      expect(output.text).toContain('[COMPLETED] User provided the requested information!');
      expect(output.text).toContain('- Name: Ada');
      expect(output.text).toMatch(/Task created: \S+/);
    } finally {
      await connection.close();
    }
  });
});
