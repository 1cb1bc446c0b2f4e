import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeModelServer } from './fake-model-server.ts';
import { readFixture } from './fixtures.ts';
import { anthropicStream, openaiStream } from './wire-streams.ts';

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
});

function post(path: string, body: unknown) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-test': 'yes' },
    body: JSON.stringify(body),
  });
}

describe('startFakeModelServer', () => {
  it('answers requests in order from the queue and records them', async () => {
    server.enqueue(
      { kind: 'json', status: 418, body: { error: 'teapot' }, headers: { 'retry-after': '0' } },
      (request) => ({
        kind: 'json',
        status: 200,
        body: { echo: request.body },
      }),
    );
    expect(server.pending()).toBe(2);
    const first = await post('/v1/messages', { n: 1 });
    expect(first.status).toBe(418);
    expect(first.headers.get('retry-after')).toBe('0');
    expect(await (await post('/v1/chat/completions', { n: 2 })).json()).toEqual({ echo: { n: 2 } });
    expect(server.pending()).toBe(0);
    expect(
      server.requests.map((request) => [
        request.method,
        request.path,
        request.body,
        request.headers['x-test'],
      ]),
    ).toEqual([
      ['POST', '/v1/messages', { n: 1 }, 'yes'],
      ['POST', '/v1/chat/completions', { n: 2 }, 'yes'],
    ]);
  });

  it('replays a recorded stream byte for byte as text/event-stream', async () => {
    server.enqueue({ kind: 'stream', body: readFixture('openai/text') });
    const response = await post('/v1/chat/completions', {});
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await response.text()).toBe(readFixture('openai/text'));
  });

  it('cuts a stream after the given number of events', async () => {
    server.enqueue({ ...anthropicStream({ text: 'one two three' }), cutAfterEvents: 2, cutMode: 'end' });
    const text = await (await post('/v1/messages', {})).text();
    expect(text.match(/^event: /gm)).toHaveLength(2);
  });

  it('answers 500 without retry when nothing is scripted', async () => {
    const response = await post('/v1/messages', {});
    expect(response.status).toBe(500);
    expect(response.headers.get('x-should-retry')).toBe('false');
    expect(await response.json()).toEqual({
      error: {
        type: 'fake_server_error',
        message: 'fake model server: nothing scripted for POST /v1/messages (request 1)',
      },
    });
  });

  it('builds OpenAI streams that end with the usage chunk and [DONE]', () => {
    const lines = openaiStream({ text: 'Hi', usage: { inputTokens: 3, outputTokens: 1, cacheReadTokens: 2 } })
      .body.trim()
      .split('\n\n');
    expect(lines.at(-1)).toBe('data: [DONE]');
    expect(JSON.parse(lines.at(-2)?.slice('data: '.length) ?? '')).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 5, completion_tokens: 1, prompt_tokens_details: { cached_tokens: 2 } },
    });
  });

  it("refuses an OpenAI request over a published limit with OpenAI's own 400, taking no scripted answer", async () => {
    server.enqueue(openaiStream({ text: 'unused' }));
    const fn = (name: string, description = 'ok', extra: object = {}) => ({
      type: 'function',
      function: { name, description, parameters: { type: 'object' }, ...extra },
    });
    const refusal = async (tools: unknown[]) => {
      const response = await post('/v1/chat/completions', { model: 'gpt', messages: [], tools });
      expect(response.status).toBe(400);
      return (await response.json()).error;
    };
    expect(await refusal([fn('a'), fn('b', 'x'.repeat(2718))])).toEqual({
      message:
        "Invalid 'tools[1].function.description': string too long. Expected a string with maximum length 1024, but got a string with length 2718 instead.",
      type: 'invalid_request_error',
      param: 'tools[1].function.description',
      code: 'string_above_max_length',
    });
    expect(await refusal(Array.from({ length: 129 }, (_, n) => fn(`t${n}`)))).toMatchObject({
      message:
        "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 129 instead.",
      param: 'tools',
      code: 'array_above_max_length',
    });
    expect(await refusal([fn('get weather')])).toMatchObject({
      param: 'tools[0].function.name',
      code: 'invalid_value',
    });
    expect(await refusal([fn('n'.repeat(65))])).toMatchObject({ code: 'string_above_max_length' });
    expect(await refusal([fn('loose', 'ok', { strict: true })])).toMatchObject({
      param: 'tools[0].function.parameters',
      code: 'invalid_function_parameters',
    });
    expect(server.pending()).toBe(1);
    expect((await post('/v1/chat/completions', { tools: [fn('fine', 'x'.repeat(1024))] })).status).toBe(200);
  });

  it("refuses an Anthropic tool name outside the published pattern with Anthropic's own 400", async () => {
    const response = await post('/v1/messages', {
      tools: [
        { name: 'ok', input_schema: {} },
        { name: 'a.b', input_schema: {} },
      ],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: "tools.1.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'",
      },
      request_id: 'req_fake',
    });
  });
});
