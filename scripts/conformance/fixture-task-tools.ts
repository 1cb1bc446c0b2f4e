import { setTimeout as delay } from 'node:timers/promises';
import {
  acceptedContent,
  inputRequired,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { type FixtureTool, fixtureTool, textResult } from './fixture-tool.ts';

const askConfirmation = (message: string) =>
  inputRequired.elicit({
    message,
    requestedSchema: {
      type: 'object',
      properties: { name: { type: 'string' }, confirm: { type: 'boolean' } },
    },
  });

/** Waits `seconds`, or until the call is cancelled. */
const work = (seconds: number, ctx: ServerContext) =>
  delay(seconds * 1000, undefined, { signal: ctx.mcpReq.signal }).catch(() => undefined);

/**
 * The suite's task tools (`tasks-*` scenarios), as ordinary tools of servers whose names make the
 * suite's names on the gateway (`{server}_{tool}`): `slow_compute`, `failing_job`,
 * `protocol_error_job`, `confirm_delete`, `multi_input`. None is a task itself: each takes long
 * enough (a second or more) that the gateway makes its call a task for a client that declares the
 * extension; the gateway's tasks are what the suite tests.
 */
export const TASK_FIXTURE_SERVERS: ReadonlyArray<{ name: string; tool: FixtureTool }> = [
  {
    name: 'slow',
    tool: fixtureTool(
      'compute',
      async (args, ctx) => {
        await work(Number(args.seconds ?? 0), ctx);
        return textResult(`computed ${String(args.label ?? '')}`);
      },
      { type: 'object', properties: { seconds: { type: 'number' }, label: { type: 'string' } } },
    ),
  },
  {
    name: 'failing',
    tool: fixtureTool('job', async (_args, ctx) => {
      await work(1, ctx);
      return { content: [{ type: 'text', text: 'the job failed' }], isError: true };
    }),
  },
  {
    name: 'protocol',
    tool: fixtureTool('error_job', async (_args, ctx) => {
      await work(1, ctx);
      throw new ProtocolError(ProtocolErrorCode.InternalError, 'the job crashed');
    }),
  },
  {
    name: 'confirm',
    tool: fixtureTool(
      'delete',
      async (args, ctx) => {
        const answer = acceptedContent<{ confirm?: boolean }>(ctx.mcpReq.inputResponses, 'confirm');
        if (answer) return textResult(`deleted ${String(args.filename)}: ${answer.confirm === true}`);
        await work(1, ctx);
        return inputRequired({
          inputRequests: { confirm: askConfirmation(`Delete ${String(args.filename)}?`) },
        });
      },
      { type: 'object', properties: { filename: { type: 'string' } } },
    ),
  },
  {
    name: 'multi',
    tool: fixtureTool('input', async (_args, ctx) => {
      const first = acceptedContent<{ name?: string }>(ctx.mcpReq.inputResponses, 'first');
      const second = acceptedContent<{ name?: string }>(ctx.mcpReq.inputResponses, 'second');
      if (first && second) return textResult(`answered ${first.name} and ${second.name}`);
      await work(1, ctx);
      return inputRequired({
        inputRequests: {
          first: askConfirmation('First question'),
          second: askConfirmation('Second question'),
        },
      });
    }),
  },
];

/** `test_tool_with_task`: asks the name at once, then takes a second to answer, so its second round becomes a task. */
export const TOOL_WITH_TASK: FixtureTool = fixtureTool('tool_with_task', async (_args, ctx) => {
  const name = acceptedContent<{ name?: string }>(ctx.mcpReq.inputResponses, 'user_name')?.name;
  if (typeof name !== 'string')
    return inputRequired({
      inputRequests: {
        user_name: inputRequired.elicit({
          message: 'What is your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        }),
      },
    });
  await work(1, ctx);
  return textResult(`Hello, ${name}!`);
});

/** A server offering one fixture tool. */
export function singleToolServer(name: string, entry: FixtureTool): () => Server {
  return () => {
    const server = new Server(
      { name: `conformance-${name}`, version: '1.0.0' },
      { capabilities: { tools: {} } },
    );
    server.setRequestHandler('tools/list', () => ({ tools: [entry.tool] }));
    server.setRequestHandler('tools/call', (request, ctx) => entry.call(request.params.arguments ?? {}, ctx));
    return server;
  };
}
