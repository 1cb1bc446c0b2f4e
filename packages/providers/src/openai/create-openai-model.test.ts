import type { ProviderTool } from '@switchboard/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requestWith, streamEndingTests, textOf } from '../../test/support/adapter-tests.ts';
import {
  collectEvents,
  type FakeModelServer,
  fixtureReply,
  openaiError,
  openaiStream,
  startFakeModelServer,
} from '../testing/index.ts';
import { createOpenAIModel, type OpenAIModelOptions } from './create-openai-model.ts';

const KEY = 'sk-proj-test-0123456789abcdef';

const strictSchema = {
  type: 'object',
  properties: {
    operation: { type: 'string', enum: ['add', 'subtract'] },
    a: { type: 'number' },
    b: { type: 'number' },
  },
  required: ['operation', 'a', 'b'],
  additionalProperties: false,
};
const looseSchema = {
  type: 'object',
  properties: { key: { type: 'string' }, value: { type: 'string' } },
  required: ['key'],
};

const tools: ProviderTool[] = [
  {
    name: 'calculator_webmcp_calculate',
    description: 'Arithmetic on two numbers',
    input_schema: strictSchema,
  },
  { name: 'calculator_webmcp_set_storage', description: 'Store a value', input_schema: looseSchema },
];

const request = requestWith({ tools });

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
});

function model(options: Partial<OpenAIModelOptions> = {}) {
  return createOpenAIModel({ apiKey: KEY, model: 'gpt-4.1', baseURL: server.openaiBaseURL, ...options });
}

describe('createOpenAIModel', () => {
  it('streams text deltas, then usage (cached tokens apart), then end_turn', async () => {
    server.enqueue(fixtureReply('openai/text'));
    const events = await collectEvents(model().stream(request()));
    expect(textOf(events)).toBe('Hello! How can I help you today?');
    expect(events.slice(-2)).toEqual([
      { type: 'usage', usage: { inputTokens: 56, outputTokens: 9, cacheReadTokens: 1792 } },
      { type: 'finish', reason: 'end_turn' },
    ]);
  });

  it('converts messages and tools to the Chat Completions form, strict only where the schema allows', async () => {
    server.enqueue(fixtureReply('openai/text'));
    await collectEvents(
      model().stream(
        request({
          maxTokens: 500,
          messages: [
            { role: 'user', content: 'Add 5 and 3, and store hello' },
            {
              role: 'assistant',
              content: [
                { type: 'text', text: 'Doing both.' },
                {
                  type: 'tool_use',
                  id: 'call_1',
                  name: 'calculator_webmcp_calculate',
                  input: { operation: 'add', a: 5, b: 3 },
                },
                {
                  type: 'tool_use',
                  id: 'call_2',
                  name: 'calculator_webmcp_set_storage',
                  input: '{"key": "greeting",',
                },
              ],
            },
            {
              role: 'user',
              content: [
                { type: 'tool_result', tool_use_id: 'call_1', content: '8' },
                {
                  type: 'tool_result',
                  tool_use_id: 'call_2',
                  content: 'input is not valid JSON',
                  is_error: true,
                },
                { type: 'text', text: 'Thanks' },
              ],
            },
          ],
        }),
      ),
    );
    const [received] = server.requests;
    expect(received.path).toBe('/v1/chat/completions');
    expect(received.body).toEqual({
      model: 'gpt-4.1',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 500,
      messages: [
        { role: 'system', content: 'You are helpful.' },
        { role: 'user', content: 'Add 5 and 3, and store hello' },
        {
          role: 'assistant',
          content: 'Doing both.',
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'calculator_webmcp_calculate', arguments: '{"operation":"add","a":5,"b":3}' },
            },
            {
              id: 'call_2',
              type: 'function',
              function: { name: 'calculator_webmcp_set_storage', arguments: '{"key": "greeting",' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '8' },
        { role: 'tool', tool_call_id: 'call_2', content: 'Error: input is not valid JSON' },
        { role: 'user', content: 'Thanks' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: tools[0].name,
            description: tools[0].description,
            parameters: strictSchema,
            strict: true,
          },
        },
        {
          type: 'function',
          function: { name: tools[1].name, description: tools[1].description, parameters: looseSchema },
        },
      ],
    });
  });

  it('sends max_completion_tokens when asked, and no tools or usage option when disabled', async () => {
    server.enqueue(fixtureReply('openai/text'));
    const options = { maxTokensField: 'max_completion_tokens', includeUsage: false, maxTokens: 64 } as const;
    await collectEvents(model(options).stream(request({ tools: [] })));
    const body = server.requests[0].body as Record<string, unknown>;
    expect(body.max_completion_tokens).toBe(64);
    expect(body.max_tokens).toBeUndefined();
    expect(body.stream_options).toBeUndefined();
    expect(body.tools).toBeUndefined();
  });

  it('assembles two parallel tool calls whose argument deltas interleave', async () => {
    server.enqueue(fixtureReply('openai/parallel-tool-calls'));
    const events = await collectEvents(model().stream(request()));
    expect(events.filter((event) => event.type === 'tool_call')).toEqual([
      {
        type: 'tool_call',
        id: 'call_q7Fh3Lm2XbN9vKp4Rt6WsY1d',
        name: 'calculator_webmcp_calculate',
        input: { operation: 'add', a: 5, b: 3 },
      },
      {
        type: 'tool_call',
        id: 'call_Zc8Tn1Pq5JwE3yHk7Gd2MvRb',
        name: 'calculator_webmcp_set_storage',
        input: { key: 'greeting', value: 'hello' },
      },
    ]);
    const deltas = events.filter((event) => event.type === 'tool_call_delta');
    expect(deltas.map((event) => event.type === 'tool_call_delta' && event.id)).toEqual([
      'call_q7Fh3Lm2XbN9vKp4Rt6WsY1d',
      'call_q7Fh3Lm2XbN9vKp4Rt6WsY1d',
      'call_Zc8Tn1Pq5JwE3yHk7Gd2MvRb',
      'call_q7Fh3Lm2XbN9vKp4Rt6WsY1d',
      'call_Zc8Tn1Pq5JwE3yHk7Gd2MvRb',
      'call_q7Fh3Lm2XbN9vKp4Rt6WsY1d',
      'call_Zc8Tn1Pq5JwE3yHk7Gd2MvRb',
    ]);
    expect(events.slice(-2)).toEqual([
      { type: 'usage', usage: { inputTokens: 512, outputTokens: 58 } },
      { type: 'finish', reason: 'tool_use' },
    ]);
  });

  it('works with streams built by openaiStream, passing malformed arguments on as the raw string', async () => {
    const call = { name: 'calculator_webmcp_calculate', input: { a: 1 } };
    const broken = openaiStream({ toolCalls: [call] });
    server.enqueue(openaiStream({ toolCalls: [call] }), {
      ...broken,
      body: broken.body.replace('"arguments":"}"', '"arguments":","'),
    });
    const [good, bad] = [
      await collectEvents(model().stream(request())),
      await collectEvents(model().stream(request())),
    ];
    expect(good.find((event) => event.type === 'tool_call')).toEqual({
      type: 'tool_call',
      id: 'call_fake1',
      ...call,
    });
    expect(bad.find((event) => event.type === 'tool_call')).toEqual({
      type: 'tool_call',
      id: 'call_fake1',
      name: call.name,
      input: '{"a":1,',
    });
  });

  it('maps length to max_tokens', async () => {
    server.enqueue(fixtureReply('openai/length'));
    const events = await collectEvents(model().stream(request()));
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'max_tokens' });
  });

  it('surfaces a 500 as finish error with a clear message once retries are used up', async () => {
    server.enqueue(
      openaiError(500, 'The server had an error while processing your request.', 'server_error'),
    );
    const events = await collectEvents(model({ maxRetries: 0 }).stream(request()));
    expect(events).toEqual([
      {
        type: 'finish',
        reason: 'error',
        error:
          'OpenAI-compatible API error 500 (server_error): The server had an error while processing your request.',
        errorType: 'server_error',
      },
    ]);
  });

  it('surfaces an error chunk in the middle of the stream when it may not retry', async () => {
    server.enqueue(fixtureReply('openai/error-mid-stream'));
    const events = await collectEvents(model({ maxRetries: 0 }).stream(request()));
    expect(textOf(events)).toBe('Let me');
    expect(events.at(-1)).toEqual({
      type: 'finish',
      reason: 'error',
      error:
        'OpenAI-compatible API error (server_error): The server had an error while processing your request. Sorry about that!',
      errorType: 'server_error',
    });
  });

  it('names itself openai: for OpenAI and openai-compatible: elsewhere, never with the key or URL', () => {
    const official = createOpenAIModel({ apiKey: KEY, model: 'gpt-4.1' });
    const local = createOpenAIModel({ model: 'qwen3', baseURL: 'http://user:secret@127.0.0.1:11434/v1' });
    expect(official.id).toBe('openai:gpt-4.1');
    expect(local.id).toBe('openai-compatible:qwen3');
    expect(JSON.stringify([official, local])).not.toMatch(/sk-proj|secret/);
    expect(() => createOpenAIModel({ model: 'gpt-4.1' })).toThrow(/apiKey is required/);
  });

  it('keeps the key out of its errors', async () => {
    server.enqueue(
      openaiError(401, `Incorrect API key provided: ${KEY}.`, 'invalid_request_error', {}, 'invalid_api_key'),
    );
    const events = await collectEvents(model().stream(request()));
    expect(JSON.stringify(events)).not.toContain(KEY);
    expect(events.at(-1)).toEqual({
      type: 'finish',
      reason: 'error',
      error:
        'OpenAI-compatible API error 401 (invalid_api_key): Incorrect API key provided: ***. — check the API key',
      errorType: 'invalid_api_key',
    });
  });

  streamEndingTests({
    vendor: 'openai',
    model,
    request,
    server: () => server,
    streamFailed: 'OpenAI-compatible stream failed',
    parallelToolCalls: { fixture: 'openai/parallel-tool-calls', cutAfterEvents: 5 },
    endedEarly: {
      cutAfterEvents: 3,
      before: 'a finish_reason',
      error: 'the stream ended before the model finished',
    },
    abortAfterEvents: 3,
  });
});
