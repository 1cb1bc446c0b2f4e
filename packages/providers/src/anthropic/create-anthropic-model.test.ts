import type { ModelRequest, ProviderTool } from '@switchboard/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requestWith, streamEndingTests, textOf } from '../../test/support/adapter-tests.ts';
import {
  anthropicError,
  anthropicStream,
  collectEvents,
  type FakeModelServer,
  fixtureReply,
  startFakeModelServer,
} from '../testing/index.ts';
import { createAnthropicModel } from './create-anthropic-model.ts';

const KEY = 'sk-ant-test-0123456789abcdef';

const tools: ProviderTool[] = [
  {
    name: 'calculator_webmcp_calculate',
    description: 'Add, subtract, multiply or divide two numbers',
    input_schema: { type: 'object', properties: { a: { type: 'number' } } },
  },
  { name: 'calculator_webmcp_set_storage', description: 'Store a value', input_schema: { type: 'object' } },
];

const request = requestWith({ tools });

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
});

function model(options: { maxRetries?: number } = {}) {
  return createAnthropicModel({
    apiKey: KEY,
    model: 'claude-sonnet-5-5',
    baseURL: server.anthropicBaseURL,
    ...options,
  });
}

describe('createAnthropicModel', () => {
  it('streams text deltas, then usage with cache reads, then end_turn', async () => {
    server.enqueue(fixtureReply('anthropic/text'));
    const events = await collectEvents(model().stream(request()));
    expect(textOf(events)).toBe('Hello! How can I help you today?');
    expect(events.filter((event) => event.type === 'text_delta').length).toBe(3);
    expect(events.slice(-2)).toEqual([
      {
        type: 'usage',
        usage: { inputTokens: 12, outputTokens: 12, cacheReadTokens: 1836, cacheWriteTokens: 0 },
      },
      { type: 'finish', reason: 'end_turn' },
    ]);
  });

  it('sends the request in Anthropic form, with cache breakpoints after the tools, the system prompt and the history', async () => {
    server.enqueue(fixtureReply('anthropic/text'));
    await collectEvents(
      model().stream(
        request({
          maxTokens: 1000,
          messages: [
            { role: 'user', content: 'Add 5 and 3' },
            {
              role: 'assistant',
              content: [
                { type: 'text', text: '' },
                { type: 'tool_use', id: 'toolu_1', name: 'calculator_webmcp_calculate', input: { a: 5 } },
                { type: 'tool_use', id: 'toolu_2', name: 'calculator_webmcp_calculate', input: '{"a": 5,' },
              ],
            },
            {
              role: 'user',
              content: [
                { type: 'tool_result', tool_use_id: 'toolu_1', content: '8' },
                {
                  type: 'tool_result',
                  tool_use_id: 'toolu_2',
                  content: 'input is not an object',
                  is_error: true,
                },
              ],
            },
          ],
        }),
      ),
    );
    const [received] = server.requests;
    expect(received.path).toBe('/v1/messages');
    expect(received.body).toEqual({
      model: 'claude-sonnet-5-5',
      max_tokens: 1000,
      stream: true,
      system: [{ type: 'text', text: 'You are helpful.', cache_control: { type: 'ephemeral' } }],
      tools: [
        { name: tools[0].name, description: tools[0].description, input_schema: tools[0].input_schema },
        {
          name: tools[1].name,
          description: tools[1].description,
          input_schema: tools[1].input_schema,
          cache_control: { type: 'ephemeral' },
        },
      ],
      messages: [
        { role: 'user', content: 'Add 5 and 3' },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'toolu_1', name: 'calculator_webmcp_calculate', input: { a: 5 } },
            {
              type: 'tool_use',
              id: 'toolu_2',
              name: 'calculator_webmcp_calculate',
              input: { _raw: '{"a": 5,' },
              cache_control: { type: 'ephemeral' },
            },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '8' },
            {
              type: 'tool_result',
              tool_use_id: 'toolu_2',
              content: 'input is not an object',
              is_error: true,
              cache_control: { type: 'ephemeral' },
            },
          ],
        },
      ],
    });
    expect(JSON.stringify(received.headers)).toContain(KEY);
  });

  it("keeps the request byte-identical up to the previous request's tools when tools are activated", async () => {
    const activated = Array.from({ length: 3 }, (_, index) => ({
      name: `weather_mcp_tool_${index}`,
      description: 'A weather tool',
      input_schema: { type: 'object' },
    }));
    server.enqueue(fixtureReply('anthropic/text'), fixtureReply('anthropic/text'));
    await collectEvents(model().stream(request({ stableToolCount: tools.length })));
    await collectEvents(
      model().stream(request({ tools: [...tools, ...activated], stableToolCount: tools.length })),
    );
    const [before, after] = server.requests.map((received) => received.body as { tools: unknown[] });
    expect(after.tools.slice(0, tools.length)).toEqual(before.tools);
    expect(JSON.stringify(after.tools.slice(0, tools.length))).toContain(
      '"cache_control":{"type":"ephemeral"}',
    );
    expect(after.tools.slice(tools.length)).toEqual([
      ...activated.slice(0, -1),
      { ...activated[2], cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('never sends more than 4 breakpoints, however long the conversation', async () => {
    const messages: ModelRequest['messages'] = [{ role: 'user', content: 'Add numbers' }];
    for (let step = 0; step < 6; step++) {
      messages.push(
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: `t${step}`, name: tools[0].name, input: {} }],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${step}`, content: `${step}` }] },
      );
      server.enqueue(fixtureReply('anthropic/text'));
      const events = await collectEvents(
        model().stream(request({ messages: [...messages], stableToolCount: 1, stableMessageCount: step })),
      );
      expect(events.at(-1)).toEqual({ type: 'finish', reason: 'end_turn' });
      // Five places qualify from the second step: the tools before and after an activation, the system
      // prompt, the stable history and the last message.
      expect(JSON.stringify(server.requests.at(-1)?.body).split('cache_control').length - 1).toBe(4);
    }
  });

  it('reads the previous step from the cache, and the stable tools after an activation', async () => {
    const cached = await startFakeModelServer({ anthropicPromptCache: true });
    try {
      const anthropic = createAnthropicModel({
        apiKey: KEY,
        model: 'claude-sonnet-4-5',
        baseURL: cached.anthropicBaseURL,
      });
      // Long descriptions: the two stable tools alone pass Sonnet 4.5's 1,024-token minimum.
      const stable = tools.map((tool) => ({ ...tool, description: `${tool.description}. `.repeat(120) }));
      // A server's 20 tools, activated at once: more than the 20-block lookback can step over.
      const server20 = Array.from({ length: 20 }, (_, index) => ({
        name: `maps_mcp_tool_${index}`,
        description: 'A maps tool',
        input_schema: { type: 'object' },
      }));
      const messages: ModelRequest['messages'] = [{ role: 'user', content: 'Route me from Paris to Rome' }];
      const usageOf = async (toolList: ProviderTool[]) => {
        cached.enqueue(anthropicStream({ toolCalls: [{ name: 'search_tools', input: { query: 'maps' } }] }));
        const events = await collectEvents(
          anthropic.stream(
            request({ messages: [...messages], tools: toolList, stableToolCount: stable.length }),
          ),
        );
        const usage = events.find((event) => event.type === 'usage');
        return usage?.type === 'usage' ? usage.usage : undefined;
      };
      const step1 = await usageOf(stable);
      expect(step1).toMatchObject({ inputTokens: 0, cacheReadTokens: 0 });
      messages.push(
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'search_tools', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'maps found' }] },
      );
      const step2 = await usageOf(stable);
      expect(step2?.cacheReadTokens).toBe(step1?.cacheWriteTokens);
      messages.push(
        { role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'maps_mcp_tool_0', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't2', content: '1,420 km' }] },
      );
      const step3 = await usageOf([...stable, ...server20]);
      const stableTokens = JSON.stringify(stable).length / 4;
      expect(step3?.cacheReadTokens).toBeGreaterThan(stableTokens * 0.9);
      expect(step3?.cacheReadTokens).toBeLessThan(stableTokens * 1.1);
    } finally {
      await cached.close();
    }
  });

  it("caches only the tools and system prompt with promptCaching 'prefix', and nothing when false", async () => {
    server.enqueue(fixtureReply('anthropic/text'), fixtureReply('anthropic/text'));
    const withCaching = (promptCaching: boolean | 'prefix') =>
      createAnthropicModel({
        apiKey: KEY,
        model: 'claude-sonnet-5-5',
        baseURL: server.anthropicBaseURL,
        promptCaching,
      });
    await collectEvents(withCaching('prefix').stream(request()));
    await collectEvents(withCaching(false).stream(request()));
    const [prefix, off] = server.requests.map((received) => received.body as Record<string, unknown>);
    expect(JSON.stringify(prefix.messages)).not.toContain('cache_control');
    expect(JSON.stringify([prefix.tools, prefix.system]).split('cache_control').length - 1).toBe(2);
    expect(JSON.stringify(off)).not.toContain('cache_control');
  });

  it('omits tools and system when there are none, and uses the default max_tokens', async () => {
    server.enqueue(fixtureReply('anthropic/text'));
    await collectEvents(model().stream(request({ system: '', tools: [] })));
    const body = server.requests[0].body as Record<string, unknown>;
    expect(body.tools).toBeUndefined();
    expect(body.system).toBeUndefined();
    expect(body.max_tokens).toBe(4096);
  });

  it('assembles parallel tool calls from input_json_delta and finishes with tool_use', async () => {
    server.enqueue(fixtureReply('anthropic/parallel-tool-use'));
    const events = await collectEvents(model().stream(request()));
    expect(events.filter((event) => event.type === 'tool_call')).toEqual([
      {
        type: 'tool_call',
        id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
        name: 'calculator_webmcp_calculate',
        input: { operation: 'add', a: 5, b: 3 },
      },
      {
        type: 'tool_call',
        id: 'toolu_01VkK4b9S8FJ1wAkhn7sJ2xu',
        name: 'calculator_webmcp_set_storage',
        input: { key: 'greeting', value: 'hello' },
      },
    ]);
    const deltas = events.filter((event) => event.type === 'tool_call_delta');
    expect(deltas.map((event) => event.argumentsDelta).join('')).toBe(
      '{"operation": "add", "a": 5, "b": 3}{"key": "greeting", "value": "hello"}',
    );
    expect(textOf(events)).toBe("I'll add the numbers and store the greeting.");
    expect(events.at(-2)).toEqual({
      type: 'usage',
      usage: { inputTokens: 472, outputTokens: 118, cacheReadTokens: 0, cacheWriteTokens: 2051 },
    });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'tool_use' });
  });

  it('passes malformed tool input on as the raw string', async () => {
    server.enqueue(fixtureReply('anthropic/malformed-tool-input'));
    const events = await collectEvents(model().stream(request()));
    expect(events.find((event) => event.type === 'tool_call')).toEqual({
      type: 'tool_call',
      id: 'toolu_01Hx6P2Wn3LqYtJ8bKc5Vd4R',
      name: 'calculator_webmcp_calculate',
      input: '{"operation": "add", "a": 5, "b": }',
    });
  });

  it('maps stop reasons', async () => {
    server.enqueue(
      fixtureReply('anthropic/max-tokens'),
      anthropicStream({ text: 'No.', stopReason: 'refusal' }),
      anthropicStream({ text: 'Searching', stopReason: 'pause_turn' }),
      anthropicStream({ text: 'Stop', stopReason: 'stop_sequence' }),
      anthropicStream({ text: 'Long', stopReason: 'model_context_window_exceeded' }),
    );
    const reasons: unknown[] = [];
    for (let index = 0; index < 5; index++) {
      const finish = (await collectEvents(model().stream(request()))).at(-1);
      reasons.push(finish?.type === 'finish' ? finish.reason : finish);
    }
    expect(reasons).toEqual(['max_tokens', 'refusal', 'end_turn', 'stop_sequence', 'max_tokens']);
  });

  it('works with streams built by anthropicStream, including a tool without arguments', async () => {
    server.enqueue(anthropicStream({ text: 'Listing.', toolCalls: [{ name: 'list_servers', input: {} }] }));
    const events = await collectEvents(model().stream(request()));
    expect(events.find((event) => event.type === 'tool_call')).toEqual({
      type: 'tool_call',
      id: 'toolu_fake1',
      name: 'list_servers',
      input: {},
    });
  });

  it('surfaces a 500 as finish error with a clear message once retries are used up', async () => {
    const headers = { 'retry-after-ms': '1' };
    server.enqueue(
      anthropicError(500, 'api_error', 'Internal server error', headers),
      anthropicError(500, 'api_error', 'Internal server error', headers),
    );
    const events = await collectEvents(model({ maxRetries: 1 }).stream(request()));
    expect(server.requests).toHaveLength(2);
    expect(events).toEqual([
      { type: 'retry', attempt: 1, waitMs: 1, reason: 'server_error', errorType: 'api_error' },
      {
        type: 'finish',
        reason: 'error',
        error: 'Anthropic API error 500 (api_error): Internal server error',
        errorType: 'api_error',
      },
    ]);
  });

  it('surfaces an error event in the middle of the stream when it may not retry', async () => {
    server.enqueue(fixtureReply('anthropic/overloaded-mid-stream'));
    const events = await collectEvents(model({ maxRetries: 0 }).stream(request()));
    expect(textOf(events)).toBe('Let me');
    expect(events.at(-1)).toEqual({
      type: 'finish',
      reason: 'error',
      error: 'Anthropic API error (overloaded_error): Overloaded',
      errorType: 'overloaded_error',
    });
  });

  it('reports an unreachable server', async () => {
    const closed = await startFakeModelServer();
    await closed.close();
    const unreachable = createAnthropicModel({
      apiKey: KEY,
      model: 'claude-sonnet-5-5',
      baseURL: closed.url,
      maxRetries: 0,
    });
    const events = await collectEvents(unreachable.stream(request()));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'finish', reason: 'error' });
    expect(events[0].type === 'finish' && events[0].error).toMatch(
      /^Anthropic API unreachable: Connection error/,
    );
  });

  it('keeps the key out of its id, its JSON and its errors', async () => {
    server.enqueue(anthropicError(401, 'authentication_error', `invalid x-api-key ${KEY}`));
    const anthropic = model();
    const events = await collectEvents(anthropic.stream(request()));
    expect(anthropic.id).toBe('anthropic:claude-sonnet-5-5');
    expect(JSON.stringify(anthropic)).not.toContain(KEY);
    expect(JSON.stringify(events)).not.toContain(KEY);
    expect(events.at(-1)).toEqual({
      type: 'finish',
      reason: 'error',
      error: 'Anthropic API error 401 (authentication_error): invalid x-api-key *** — check the API key',
      errorType: 'authentication_error',
    });
  });

  streamEndingTests({
    vendor: 'anthropic',
    model,
    request,
    server: () => server,
    streamFailed: 'Anthropic stream failed',
    parallelToolCalls: { fixture: 'anthropic/parallel-tool-use', cutAfterEvents: 8 },
    endedEarly: { cutAfterEvents: 5, before: 'message_stop', error: 'the stream ended before message_stop' },
    abortAfterEvents: 4,
  });
});
