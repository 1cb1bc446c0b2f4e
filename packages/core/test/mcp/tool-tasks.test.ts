import { afterEach, describe, expect, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.ts';
import { stdioTransport } from '../../src/mcp-node/index.ts';
import { callContext, SERVER_EVERYTHING } from '../support/mcp-test-servers.ts';
import {
  answerTo,
  type RecordedMessage,
  recordingTransport,
  sentRequests,
} from '../support/recording-transport.ts';

/**
 * Tools that must run as tasks (MCP 2025-11-25), against the published server-everything:
 * its `simulate-research-query` declares `execution.taskSupport: 'required'` and goes through
 * four stages of one second each, asking for clarification when the topic is ambiguous.
 */
describe('a task-required tool of @modelcontextprotocol/server-everything', () => {
  let connection: McpConnection | undefined;
  let log: RecordedMessage[] = [];

  afterEach(async () => {
    await connection?.close();
    connection = undefined;
    log = [];
  });

  /** Connects; `announcing: false` keeps the server's `notifications/tasks/status` from the client. */
  function connect(
    options: Partial<ConstructorParameters<typeof McpConnection>[0]> = {},
    announcing = true,
  ): McpConnection {
    connection = new McpConnection({
      name: 'everything',
      transport: recordingTransport(
        stdioTransport({ command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'] }),
        log,
        (message) => !announcing && 'method' in message && message.method === 'notifications/tasks/status',
      ),
      timeoutMs: 10_000,
      ...options,
    });
    return connection;
  }

  function createdTaskId(): string {
    const [call] = sentRequests(log, 'tools/call') as { task?: object }[];
    expect(call?.task).toEqual({});
    const answer = log.find(
      ({ direction, message }) => direction === 'received' && 'result' in message && 'task' in message.result,
    )?.message as { result: { task: { taskId: string } } } | undefined;
    if (!answer) throw new Error('the server created no task');
    return answer.result.task.taskId;
  }

  test.each([
    { server: 'announces its statuses', announcing: true },
    { server: 'only answers tasks/get', announcing: false },
  ])(
    'is called as a task and followed to the end when the server $server; its stages arrive as progress',
    async ({ announcing }) => {
      const context = callContext();
      const output = await connect({}, announcing).callTool(
        'simulate-research-query',
        { topic: 'tides' },
        context,
      );

      expect(output.isError).toBeFalsy();
      expect(output.text).toContain('# Research Report: tides');
      const taskId = createdTaskId();
      if (!announcing) expect(sentRequests(log, 'tasks/get').length).toBeGreaterThanOrEqual(3);
      expect(sentRequests(log, 'tasks/result')).toEqual([{ taskId }]);
      expect(sentRequests(log, 'tasks/cancel')).toEqual([]);
      expect(context.progress[0]).toEqual({ progress: 1, message: 'Gathering sources...' });
      const stages = [
        'Gathering sources...',
        'Analyzing content...',
        'Synthesizing findings...',
        'Generating report...',
      ];
      expect(context.progress.length).toBeGreaterThanOrEqual(3);
      for (const step of context.progress) expect(stages).toContain(step.message);
      const steps = context.progress.map((step) => step.progress);
      expect(steps).toEqual(steps.map((_, index) => index + 1));
    },
  );

  test('asks the person through the call when the task needs input, and finishes with the answer', async () => {
    const asked: string[] = [];
    const context = {
      ...callContext(),
      serverRequests: {
        elicitation: async (params: { message: string }) => {
          asked.push(params.message);
          return { action: 'accept' as const, content: { interpretation: 'snake' } };
        },
      },
    };
    const output = await connect({ answerThroughCalls: ['elicitation'] }).callTool(
      'simulate-research-query',
      { topic: 'python', ambiguous: true },
      context,
    );

    expect(asked).toEqual([expect.stringContaining('"python" could have multiple interpretations')]);
    expect(output.text).toContain('# Research Report: python (snake)');
    expect(context.progress.map((step) => step.message)).toContain(
      'Found multiple interpretations for "python". Requesting clarification...',
    );
  });

  test('cancels the task on the server when the caller aborts', async () => {
    const controller = new AbortController();
    const context = callContext(controller.signal);
    context.onProgress = () => controller.abort(new Error('the user pressed stop'));

    const error = await connect()
      .callTool('simulate-research-query', { topic: 'tides' }, context)
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ kind: 'cancelled', server: 'everything', tool: 'simulate-research-query' });
    expect((error as Error).message).toContain('the user pressed stop');
    const taskId = createdTaskId();
    expect(sentRequests(log, 'tasks/cancel')).toEqual([{ taskId }]);
    expect(answerTo(log, 'tasks/cancel', taskId)).toMatchObject({ taskId, status: 'cancelled' });
  });

  test('gives up a task that shows no change within the timeout, and cancels it', async () => {
    // The server suggests polling every second; nothing changes for the connection before then.
    const error = await connect({ timeoutMs: 200 })
      .callTool('simulate-research-query', { topic: 'tides' }, callContext())
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ kind: 'timeout', tool: 'simulate-research-query' });
    expect((error as Error).message).toContain(
      'calling tool "simulate-research-query" as a task failed: no answer within 200 ms',
    );
    const taskId = createdTaskId();
    expect(answerTo(log, 'tasks/cancel', taskId)).toMatchObject({ taskId, status: 'cancelled' });
  });

  test('still calls the other tools directly', async () => {
    const output = await connect().callTool('echo', { message: 'plain' }, callContext());
    expect(output.text).toBe('Echo: plain');
    const [call] = sentRequests(log, 'tools/call');
    expect(call).toMatchObject({ name: 'echo' });
    expect(call).not.toHaveProperty('task');
  });
});
