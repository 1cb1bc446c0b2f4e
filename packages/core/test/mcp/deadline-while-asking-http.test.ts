import { fromJsonSchema, type McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, test } from 'vitest';
import { McpConnection, type McpServerRequestHandlers } from '../../src/mcp/index.ts';
import type { CallServerRequests } from '../../src/types/layers.ts';
import { createAskingServer } from '../fixtures/asking-server.ts';
import { listen, type McpNodeHandler, modernHandler, sessionfulHandler } from '../fixtures/http-servers.ts';
import { callContext } from '../support/mcp-test-servers.ts';

/** The tool timeout of every call here: far shorter than the person takes to answer. */
const TOOL_TIMEOUT_MS = 300;
/** How long the person takes to answer. */
const PERSON_MS = 1_000;

const slowly = <T>(answer: T) => new Promise<T>((resolve) => setTimeout(() => resolve(answer), PERSON_MS));

/** The asking server, plus `hang`: a tool that never answers and asks nothing. */
function askingOrHangingServer(): McpServer {
  const server = createAskingServer();
  server.registerTool(
    'hang',
    { description: 'Never answers.', inputSchema: fromJsonSchema({ type: 'object', properties: {} }) },
    (_args, ctx) =>
      new Promise((_, reject) =>
        ctx.mcpReq.signal.addEventListener('abort', () => reject(new Error('cancelled'))),
      ),
  );
  return server;
}

describe('a tool call’s deadline stops while the person answers the server’s question (Streamable HTTP)', () => {
  const teardown: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of teardown.splice(0).reverse()) await step();
  });

  async function connect(
    serve: (factory: () => McpServer) => McpNodeHandler,
    handlers?: McpServerRequestHandlers,
  ): Promise<McpConnection> {
    const handler = serve(askingOrHangingServer);
    const server = await listen(handler.handle);
    const connection = new McpConnection({
      name: 'asking',
      transport: { type: 'http', url: server.url },
      timeoutMs: TOOL_TIMEOUT_MS,
      connectTimeoutMs: 10_000,
      answerThroughCalls: ['elicitation', 'sampling'],
      ...(handlers ? { handlers } : {}),
    });
    teardown.push(
      () => server.close(),
      () => handler.close(),
      () => connection.close(),
    );
    return connection;
  }

  const call = (connection: McpConnection, tool: string, serverRequests: CallServerRequests = {}) =>
    connection.callTool(tool, { label: 'A' }, { ...callContext(), serverRequests });

  test.each([
    { era: '2025-11-25 sessions (elicitation/create on the call’s POST stream)', serve: sessionfulHandler },
    { era: '2026-07-28 stateless (input_required result)', serve: modernHandler },
  ])('$era: a form answered after the tool timeout completes the call', async ({ serve }) => {
    const connection = await connect(serve);
    const output = await call(connection, 'ask', {
      elicitation: () => slowly({ action: 'accept' as const, content: { text: 'late but here' } }),
    });
    expect(output.text).toBe('A: late but here');
  });

  test('a sampling request approved after the tool timeout completes the call', async () => {
    const connection = await connect(sessionfulHandler);
    const output = await call(connection, 'sample', {
      sampling: () =>
        slowly({
          role: 'assistant' as const,
          content: { type: 'text' as const, text: 'approved late' },
          model: 'scripted',
        }),
    });
    expect(output.text).toBe('A: approved late');
  });

  test('a form the connection’s own handler answers after the tool timeout completes the call that asked', async () => {
    const connection = await connect(sessionfulHandler, {
      elicitation: () => slowly({ action: 'accept' as const, content: { text: 'from the connection' } }),
    });
    expect((await call(connection, 'ask')).text).toBe('A: from the connection');
  });

  test('a server that hangs without asking still times out at the tool timeout', async () => {
    const connection = await connect(sessionfulHandler);
    await expect(
      call(connection, 'hang', {
        elicitation: () => slowly({ action: 'decline' as const }),
      }),
    ).rejects.toMatchObject({ kind: 'timeout' });
  });
});
