import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  fromJsonSchema,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  McpServer,
} from '@modelcontextprotocol/server';
import { afterEach, describe, expect, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.ts';
import { listen, type McpNodeHandler, modernHandler, sessionfulHandler } from '../fixtures/http-servers.ts';
import { callContext } from '../support/mcp-test-servers.ts';

/**
 * An SDK server whose tool and prompt ask before they answer: `greet` asks the name (key `who`,
 * with a request state the retry must echo), `capabilities` answers with the client capabilities
 * its request declared, `measure` answers with structured content against an output schema after
 * asking, `needs_sampling` asks the client's model whatever the client declared (the SDK refuses
 * that with -32021), and the prompt `briefing` asks the topic first.
 */
function createAskingServer(): McpServer {
  const server = new McpServer({ name: 'asking', version: '1.0.0' });
  const askName = inputRequired({
    inputRequests: {
      who: inputRequired.elicit({
        message: 'Who are you?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      }),
    },
    requestState: 'state-1',
  });
  server.registerTool('greet', { description: 'Asks the name, then greets.' }, async (ctx) => {
    const who = inputResponse(ctx.mcpReq.inputResponses, 'who');
    if (who.kind !== 'elicit' || ctx.mcpReq.requestState() !== 'state-1') return askName;
    return { content: [{ type: 'text', text: `hello ${who.content?.name}` }] };
  });
  server.registerTool('capabilities', { description: 'Names the declared capabilities.' }, async (ctx) => {
    const declared = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[
      CLIENT_CAPABILITIES_META_KEY
    ];
    return { content: [{ type: 'text', text: JSON.stringify(declared) }] };
  });
  server.registerTool(
    'measure',
    {
      description: 'Asks, then measures.',
      outputSchema: fromJsonSchema({
        type: 'object',
        properties: { length: { type: 'number' } },
        required: ['length'],
      }),
    },
    async (ctx) => {
      if (inputResponse(ctx.mcpReq.inputResponses, 'who').kind !== 'elicit') return askName;
      return { content: [{ type: 'text', text: '{"length":3}' }], structuredContent: { length: 3 } };
    },
  );
  server.registerTool('needs_sampling', { description: 'Needs the client model.' }, async () =>
    inputRequired({
      inputRequests: {
        reply: inputRequired.createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: 'pong?' } }],
          maxTokens: 5,
        }),
      },
    }),
  );
  server.registerPrompt('briefing', { description: 'Asks the topic first.' }, async (ctx) => {
    const topic = inputResponse(ctx.mcpReq.inputResponses, 'topic');
    if (topic.kind !== 'elicit')
      return inputRequired({
        inputRequests: {
          topic: inputRequired.elicit({
            message: 'Which topic?',
            requestedSchema: { type: 'object', properties: { topic: { type: 'string' } } },
          }),
        },
      });
    return {
      messages: [{ role: 'user', content: { type: 'text', text: `brief on ${topic.content?.topic}` } }],
    };
  });
  return server;
}

describe('a host relaying a server’s input rounds to its own client (McpConnection.callToolRound, getPromptRound)', () => {
  const teardown: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of teardown.splice(0).reverse()) await step();
  });

  async function connect(
    handler: McpNodeHandler = modernHandler(createAskingServer),
  ): Promise<McpConnection> {
    const server = await listen(handler.handle);
    const connection = new McpConnection({
      name: 'asking',
      transport: { type: 'http', url: server.url },
      timeoutMs: 10_000,
      // The connection's own answers: the relaying host must never reach them.
      handlers: { elicitation: async () => ({ action: 'accept', content: { name: 'the connection' } }) },
    });
    teardown.push(
      () => server.close(),
      () => handler.close(),
      () => connection.close(),
    );
    return connection;
  }

  test('the server’s input_required comes back as it is, and the answers and its request state go back to it', async () => {
    const connection = await connect();
    expect(await connection.asksInRounds()).toBe(true);
    const first = (await connection.callToolRound('greet', {}, {}, callContext())) as InputRequiredResult;
    expect(first).toMatchObject({
      resultType: 'input_required',
      requestState: 'state-1',
      inputRequests: { who: { method: 'elicitation/create', params: { message: 'Who are you?' } } },
    });
    const done = (await connection.callToolRound(
      'greet',
      {},
      {
        inputResponses: { who: { action: 'accept', content: { name: 'Ada' } } },
        requestState: first.requestState,
      },
      callContext(),
    )) as CallToolResult;
    expect(done.content).toEqual([{ type: 'text', text: 'hello Ada' }]);
  });

  test('the server sees the capabilities of the relayed client, not the connection’s own', async () => {
    const connection = await connect();
    const result = (await connection.callToolRound(
      'capabilities',
      {},
      { clientCapabilities: { sampling: {} } },
      callContext(),
    )) as CallToolResult;
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({ sampling: {} });
  });

  test('a tool with an output schema can still ask (its input round carries no structured content)', async () => {
    const connection = await connect();
    await connection.listTools();
    const first = await connection.callToolRound('measure', {}, {}, callContext());
    expect(first).toMatchObject({ resultType: 'input_required' });
    const done = (await connection.callToolRound(
      'measure',
      {},
      { inputResponses: { who: { action: 'accept', content: { name: 'Ada' } } } },
      callContext(),
    )) as CallToolResult;
    expect(done.structuredContent).toEqual({ length: 3 });
  });

  test('a server refusing for a capability the relayed client lacks fails with its -32021 and what it needs', async () => {
    const connection = await connect();
    const error = await connection
      .callToolRound('needs_sampling', {}, { clientCapabilities: { elicitation: {} } }, callContext())
      .catch((failure) => failure);
    expect(error).toMatchObject({ kind: 'server_error', server: 'asking', tool: 'needs_sampling' });
    expect(error.cause).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
  });

  test('a prompt’s rounds are relayed the same way', async () => {
    const connection = await connect();
    const first = await connection.getPromptRound('briefing', {}, {});
    expect(first).toMatchObject({
      resultType: 'input_required',
      inputRequests: { topic: expect.any(Object) },
    });
    const done = await connection.getPromptRound(
      'briefing',
      {},
      {
        inputResponses: { topic: { action: 'accept', content: { topic: 'tides' } } },
      },
    );
    expect(done).toMatchObject({ messages: [{ content: { text: 'brief on tides' } }] });
  });

  test('a 2025-era server asks by requests instead: it does not ask in rounds', async () => {
    const connection = await connect(sessionfulHandler(createAskingServer));
    expect(await connection.asksInRounds()).toBe(false);
  });
});
