import { InMemoryTransport } from '@modelcontextprotocol/client';
import type { McpRequestContext } from '@modelcontextprotocol/server';
import type { McpLayer } from '@switchboard/core';
import { McpConnection, runAgentLoop } from '@switchboard/core';
import { startCalculatorStorage } from '@switchboard/servers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  FakeModelServer,
  FakeStreamReply,
  RecordedRequest,
  WireReply,
} from '../../src/testing/index.ts';
import { anthropicStream, openaiStream, startFakeModelServer } from '../../src/testing/index.ts';
import { anthropicAgainst, openaiAgainst } from '../support/adapter-tests.ts';

/**
 * Each vendor adapter end to end: runAgentLoop with a real MCP server (our calculator over the SDK's
 * in-memory transport) and the fake vendor server replaying that vendor's wire format — a tool call,
 * then an answer that depends on the tool result the adapter sent back.
 */
describe.each([
  {
    vendor: 'anthropic',
    stream: anthropicStream,
    model: (server: FakeModelServer) => anthropicAgainst(server, { maxRetries: 0 }),
    toolResultOf: (request: RecordedRequest) => {
      const messages = (request.body as { messages: Array<{ role: string; content: unknown }> }).messages;
      const blocks = messages.at(-1)?.content as Array<{ type: string; content: unknown }>;
      const result = blocks.find((block) => block.type === 'tool_result')?.content;
      return typeof result === 'string' ? result : JSON.stringify(result);
    },
  },
  {
    vendor: 'openai',
    stream: openaiStream,
    model: (server: FakeModelServer) => openaiAgainst(server, { maxRetries: 0 }),
    toolResultOf: (request: RecordedRequest) => {
      const messages = (request.body as { messages: Array<{ role: string; content: string }> }).messages;
      return messages.findLast((message) => message.role === 'tool')?.content ?? '';
    },
  },
])('$vendor adapter through the agent loop', ({ stream, model, toolResultOf }) => {
  let fake: FakeModelServer;
  let connection: McpConnection;
  let layer: McpLayer;
  let calculator: Awaited<ReturnType<typeof startCalculatorStorage>>;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    calculator = await startCalculatorStorage();
    const [client, server] = InMemoryTransport.createLinkedPair();
    await (await calculator.createServer({ era: 'legacy' } as McpRequestContext)).connect(server);
    connection = new McpConnection({
      name: 'calculator',
      transport: { type: 'in-memory', transport: client },
    });
    layer = await connection.layer();
  });
  afterAll(async () => {
    await connection.close();
    await calculator.close();
    await fake.close();
  });

  test('calls an MCP tool the model asked for and answers with its result', async () => {
    const reply = (wire: WireReply) => (): FakeStreamReply => stream(wire);
    fake.enqueue(
      reply({
        text: 'Let me calculate.',
        toolCalls: [
          { id: 'call_1', name: 'calculator_mcp_calculate', input: { operation: 'add', a: 5, b: 3 } },
        ],
      }),
      (request) => stream({ text: `5 plus 3 is ${toolResultOf(request)}.` }),
    );
    const result = await runAgentLoop('what is 5 plus 3', {
      provider: model(fake),
      layers: [layer],
      mcpClients: new Map([['calculator', connection]]),
      discovery: 'eager',
    });

    expect(result.stopReason).toBe('end_turn');
    expect(result.text).toBe('Let me calculate.5 plus 3 is 8.');
    expect(result.toolCalls).toMatchObject([
      { id: 'call_1', name: 'calculator_mcp_calculate', args: { operation: 'add', a: 5, b: 3 }, result: '8' },
    ]);
    expect(result.session.messages).toEqual([
      { role: 'user', content: 'what is 5 plus 3' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me calculate.' },
          {
            type: 'tool_use',
            id: 'call_1',
            name: 'calculator_mcp_calculate',
            input: { operation: 'add', a: 5, b: 3 },
          },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '8' }] },
      { role: 'assistant', content: [{ type: 'text', text: '5 plus 3 is 8.' }] },
    ]);
    const sentTools = (
      fake.requests[0].body as { tools: Array<{ name?: string; function?: { name: string } }> }
    ).tools;
    expect(sentTools.map((tool) => tool.name ?? tool.function?.name)).toContain('calculator_mcp_calculate');
    expect(result.metrics.usage.inputTokens).toBeGreaterThan(0);
  });
});
