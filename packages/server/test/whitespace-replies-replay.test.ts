import { createAnthropicModel } from '@switchboard/providers';
import { anthropicStream, type FakeModelServer, startFakeModelServer } from '@switchboard/providers/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

/**
 * A conversation whose model once answered with whitespace only — `"\n\n"` before a tool call and
 * `" \n"` as the final answer, as models do — goes on: the gateway stores what happened, and the
 * next message's request is one Anthropic accepts (the fake vendor refuses a whitespace-only text
 * block with 400, as the API does, which made every later message of the conversation fail).
 */
describe('a conversation after whitespace-only model steps (Anthropic)', () => {
  let fake: FakeModelServer;
  let mcp: TestMcpServer;
  let gw: TestGateway;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    mcp = await startTestMcpServer();
    gw = await startTestGateway('pglite', {
      model: createAnthropicModel({
        apiKey: 'sk-ant-test',
        model: 'claude-test',
        baseURL: fake.anthropicBaseURL,
      }),
      servers: [{ name: 'tools', url: mcp.url }],
      limits: { requestsPerMinute: 1000 },
    });
  });
  afterAll(async () => {
    await gw?.close();
    await mcp?.close();
    await fake?.close();
  });

  it('answers the next message, and the stored history keeps the whitespace', async () => {
    const { id } = (await gw.alice.post('/conversations', {})).body as { id: string };
    fake.enqueue(
      anthropicStream({
        text: '\n\n',
        toolCalls: [{ id: 'toolu_1', name: 'tools_mcp_echo', input: { text: 'hi' } }],
      }),
      anthropicStream({ text: ' \n' }),
    );
    const first = await gw.alice.post(`/conversations/${id}/chat`, { content: 'echo hi' });
    expect(first.body).toMatchObject({ success: true, stop_reason: 'end_turn' });

    fake.enqueue(anthropicStream({ text: 'Here again.' }));
    const next = await gw.alice.post(`/conversations/${id}/chat`, { content: 'and again?' });
    expect(next.body).toMatchObject({ success: true, stop_reason: 'end_turn' });
    expect(next.body.assistant_message.content).toBe('Here again.');

    const sent = fake.requests.at(-1)?.body as { messages: Array<{ role: string; content: unknown }> };
    const texts = sent.messages.flatMap((message) =>
      typeof message.content === 'string'
        ? [message.content]
        : (message.content as Array<{ type: string; text?: string }>).flatMap((block) =>
            block.type === 'text' ? [block.text ?? ''] : [],
          ),
    );
    expect(texts.every((text) => text.trim() !== '')).toBe(true);
    const stored = (await gw.alice.get(`/conversations/${id}/messages`)).body.items as Array<{
      role: string;
      content: string | null;
    }>;
    expect(
      stored.filter((message) => message.role === 'assistant').map((message) => message.content),
    ).toEqual(expect.arrayContaining(['\n\n', ' \n']));
  });
});
