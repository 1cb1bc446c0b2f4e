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
});
