import { PassThrough } from 'node:stream';
import { createAnthropicModel } from '@switchboard/providers';
import {
  anthropicErrorMidStream,
  anthropicStream,
  type FakeModelServer,
  startFakeModelServer,
} from '@switchboard/providers/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat } from '../src/cli/chat-command.ts';
import { gatewayClient } from '../src/cli/gateway-client.ts';
import { Spinner } from '../src/cli/spinner.ts';
import { readSse, type SseMessage } from './support/http-client.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

/** The names of the CUSTOM events of a turn, with their values. */
function custom(events: SseMessage[], name: string): unknown[] {
  return events.flatMap((event) =>
    event.data.type === 'CUSTOM' && event.data.name === name ? [event.data.value] : [],
  );
}

/** Tool calls started and never ended in a turn's stream. */
function unendedCalls(events: SseMessage[]): string[] {
  const open = new Set<string>();
  for (const { data } of events) {
    if (data.type === 'TOOL_CALL_START') open.add(data.toolCallId);
    if (data.type === 'TOOL_CALL_END') open.delete(data.toolCallId);
  }
  return [...open];
}

describe('a turn whose model stream breaks off', () => {
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
        maxRetryWaitMs: 1,
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

  const turn = async (id: string, content: string) =>
    readSse(
      await gw.alice.fetch(`/conversations/${id}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ content }),
      }),
    );

  const transcript = async (id: string) =>
    (
      (await gw.alice.get(`/conversations/${id}/messages`)).body.items as Array<{
        role: string;
        content: string;
      }>
    ).map((message) => [message.role, message.content]);

  it('asks again from the last complete step: the tool that ran is not run again, and only the whole reply is stored', async () => {
    const { id } = (await gw.alice.post('/conversations', {})).body as { id: string };
    const answer = { text: 'The echo said hi, so the tools work.' };
    fake.enqueue(
      anthropicStream({
        text: 'Echoing. ',
        toolCalls: [{ id: 'toolu_echo', name: 'tools_mcp_echo', input: { text: 'hi' } }],
      }),
      // message_start, text start, ping and three words: then Anthropic is overloaded.
      anthropicErrorMidStream(anthropicStream(answer), 6),
      anthropicStream(answer),
    );
    const requestsBefore = fake.requests.length;
    const echoesBefore = mcp.calls.get('echo') ?? 0;
    const events = await turn(id, 'Echo hi');

    expect(events.at(-1)?.data.type).toBe('RUN_FINISHED');
    expect(mcp.calls.get('echo')).toBe(echoesBefore + 1);
    const partial = events.find(
      (event) => event.data.type === 'TEXT_MESSAGE_CONTENT' && event.data.delta === 'The ',
    )?.data.messageId;
    expect(custom(events, 'model_output_discarded')).toEqual([
      { messageId: partial, toolCallIds: [], reason: 'retry' },
    ]);
    expect(custom(events, 'model_retry')).toMatchObject([
      { attempt: 1, reason: 'overloaded', vendorType: 'overloaded_error' },
    ]);
    expect(unendedCalls(events)).toEqual([]);

    const requests = fake.requests.slice(requestsBefore);
    expect(requests).toHaveLength(3);
    expect(requests[2]?.body).toEqual(requests[1]?.body);
    const stored = await transcript(id);
    expect(stored.filter(([role]) => role === 'assistant').map(([, content]) => content)).toEqual([
      'Echoing. ',
      'The echo said hi, so the tools work.',
    ]);
    expect(stored.map(([role]) => role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('fails once the retries are used up, storing no half-written reply nor sending it back later', async () => {
    const { id } = (await gw.alice.post('/conversations', {})).body as { id: string };
    const broken = anthropicErrorMidStream(anthropicStream({ text: 'Half of an answer that never ends' }), 6);
    fake.enqueue(broken, broken, broken);
    const failed = await turn(id, 'Hi');
    const error = failed.at(-1)?.data;
    expect(error).toMatchObject({ type: 'RUN_ERROR' });
    expect(error.message).toBe(
      'model error: Anthropic API error (overloaded_error): Overloaded — the reply broke off mid-stream, still after 2 retries; try again later',
    );
    expect(custom(failed, 'model_output_discarded')).toHaveLength(3);
    expect(await transcript(id)).toEqual([['user', 'Hi']]);

    fake.enqueue(anthropicStream({ text: 'Hello!' }));
    const retried = await turn(id, 'Hi');
    expect(retried.at(-1)?.data.type).toBe('RUN_FINISHED');
    const sent = fake.requests.at(-1)?.body as { messages: Array<{ role: string }> } | undefined;
    expect(sent?.messages.map((message) => message.role)).toEqual(['user']);
    expect(JSON.stringify(sent?.messages)).not.toContain('Half of an answer');
    expect(await transcript(id)).toEqual([
      ['user', 'Hi'],
      ['user', 'Hi'],
      ['assistant', 'Hello!'],
    ]);
  });

  it('marks in the terminal chat that the printed reply broke off before the new one', async () => {
    const answer = { text: 'Hello from the second try.' };
    fake.enqueue(anthropicErrorMidStream(anthropicStream(answer), 5), anthropicStream(answer));
    const typed = ['Hi'];
    const out = new PassThrough();
    let printed = '';
    out.on('data', (chunk) => {
      printed += chunk;
    });
    await chat(gatewayClient(gw.url, KEYS.alice), {
      lines: { next: async () => typed.shift() },
      out,
      spinner: new Spinner(new PassThrough() as never),
    });
    expect(printed).toContain(
      'assistant › Hello from \n(the reply broke off; asking again)\nassistant › Hello from the second try.',
    );
  });
});
