import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatewayClient } from '../src/cli/gateway-client.ts';
import { readSse } from './support/http-client.ts';
import type { QueuedModel } from './support/queued-model.ts';
import { testBackends } from './support/test-database.ts';
import type { TestGateway } from './support/test-gateway.ts';
import { startQueuedGateway } from './support/tools-gateway.ts';

/**
 * A loopback proxy in front of the gateway that loses the answer to the first request it forwards:
 * the gateway handles it, then the client's connection is cut before any byte of the answer.
 */
async function answerLosingProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  let forwarded = 0;
  const server = createServer((incoming, outgoing) => {
    const losing = forwarded++ === 0;
    const upstream = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        if (losing) {
          answer.resume();
          answer.on('end', () => outgoing.socket?.destroy());
          return;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(testBackends())('Idempotency-Key on sends (%s)', (backend) => {
  let model: QueuedModel;
  let gw: TestGateway;

  beforeAll(async () => {
    ({ model, gateway: gw } = await startQueuedGateway(backend));
  });
  afterAll(() => gw?.close());

  const conversation = async () => (await gw.alice.post('/conversations', {})).body.id as string;
  const keyed = (key: string) => ({ 'idempotency-key': `"${key}"` });
  const chat = (id: string, content: string, key: string, client = gw.alice) =>
    client.request('POST', `/conversations/${id}/chat`, { content }, keyed(key));
  /** The stored messages, as the chat answers gave them (a reply with its turn's usage). */
  const messages = async (id: string) =>
    (await gw.alice.get(`/conversations/${id}/messages`)).body.items as Array<{ content: string }>;

  it('a retried chat gets the first outcome back; the model is asked and the message stored once', async () => {
    const id = await conversation();
    model.enqueue({ text: 'Once.' });
    const asked = model.requests.length;
    const first = await chat(id, 'Say it once', 'k-chat-1');
    const retry = await chat(id, 'Say it once', 'k-chat-1');
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(model.requests.length - asked).toBe(1);
    expect(await messages(id)).toEqual([first.body.user_message, first.body.assistant_message]);
  });

  it('the same key with another body is 422; another user has keys of their own', async () => {
    const id = await conversation();
    model.enqueue({ text: 'Fine.' });
    expect((await chat(id, 'First body', 'k-chat-2')).status).toBe(200);
    const reused = await chat(id, 'Second body', 'k-chat-2');
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    const bobs = (await gw.bob.post('/conversations', {})).body.id as string;
    model.enqueue({ text: 'Bob answered.' });
    expect((await chat(bobs, 'First body', 'k-chat-2', gw.bob)).body.assistant_message.content).toBe(
      'Bob answered.',
    );
  });

  it('a retry while the first still runs is 409 with Retry-After, then gets its outcome', async () => {
    const id = await conversation();
    let release: () => void = () => undefined;
    model.enqueue({ wait: new Promise<void>((resolve) => (release = resolve)), reply: { text: 'Slow.' } });
    const first = chat(id, 'Take your time', 'k-chat-3');
    await vi.waitFor(async () => expect(await messages(id)).toHaveLength(1));
    const early = await chat(id, 'Take your time', 'k-chat-3');
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('idempotency_key_in_flight');
    expect(early.headers.get('retry-after')).toBe('1');
    release();
    const outcome = await first;
    expect((await chat(id, 'Take your time', 'k-chat-3')).body).toEqual(outcome.body);
  });

  it('a stream cut after its acknowledgement, retried with its key, replays the same run', async () => {
    const id = await conversation();
    model.enqueue({ text: 'Streamed.' });
    const send = () =>
      gw.alice.fetch(`/conversations/${id}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...keyed('k-stream') },
        body: JSON.stringify({ content: 'Stream it' }),
      });
    const cut = await readSse(await send(), (event) => event.data.name === 'user_message');
    const replay = await readSse(await send());
    expect(replay[0]?.data).toEqual(cut[0]?.data);
    expect(replay.at(-1)?.data.type).toBe('RUN_FINISHED');
    expect(replay.some((event) => event.data.name === 'turn_saved')).toBe(true);
    expect((await messages(id)).map((message: { content: string }) => message.content)).toEqual([
      'Stream it',
      'Streamed.',
    ]);
  });

  it('a message added by hand with a key is added once', async () => {
    const id = await conversation();
    const add = () =>
      gw.alice.request(
        'POST',
        `/conversations/${id}/messages`,
        { role: 'user', content: 'Note' },
        keyed('k-msg'),
      );
    const first = await add();
    const retry = await add();
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await messages(id)).toEqual([first.body]);
  });

  it('a stateless request retried with its key does not ask the model again', async () => {
    model.enqueue({ text: 'Stateless.' });
    const asked = model.requests.length;
    const send = () =>
      gw.alice.request(
        'POST',
        '/chat/v1/conversation',
        { messages: [{ role: 'user', content: 'Hi' }] },
        keyed('k-stateless'),
      );
    const first = await send();
    expect(first.body.content).toBe('Stateless.');
    expect((await send()).body).toEqual(first.body);
    expect(model.requests.length - asked).toBe(1);
  });

  it('a request refused before it changed anything frees its key', async () => {
    const id = await conversation();
    let release: () => void = () => undefined;
    model.enqueue({ wait: new Promise<void>((resolve) => (release = resolve)), reply: { text: 'Busy.' } });
    const running = gw.alice.post(`/conversations/${id}/chat`, { content: 'Hold on' });
    await vi.waitFor(async () => expect(await messages(id)).toHaveLength(1));
    const busy = await chat(id, 'Next', 'k-busy');
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('conversation_busy');
    expect(busy.headers.get('retry-after')).toBe('1');
    release();
    await running;
    model.enqueue({ text: 'Now.' });
    expect((await chat(id, 'Next', 'k-busy')).body.assistant_message.content).toBe('Now.');
  });

  it("the CLI's client sends again with the same key when the answer was lost, and the turn ran once", async () => {
    const id = await conversation();
    const proxy = await answerLosingProxy(gw.url);
    try {
      model.enqueue({ text: 'Ran once.' });
      const asked = model.requests.length;
      const client = gatewayClient(proxy.url, gw.alice.key);
      const answer = await client.json<{ run_id: string; assistant_message: { content: string } }>(
        'POST',
        `/conversations/${id}/chat`,
        { content: 'Do it once' },
        { idempotencyKey: 'cli-k-1' },
      );
      expect(answer.assistant_message.content).toBe('Ran once.');
      expect(model.requests.length - asked).toBe(1);
      expect((await messages(id)).map((message: { content: string }) => message.content)).toEqual([
        'Do it once',
        'Ran once.',
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('refuses a key that is not visible ASCII', async () => {
    const id = await conversation();
    const bad = await gw.alice.request(
      'POST',
      `/conversations/${id}/chat`,
      { content: 'x' },
      { 'idempotency-key': '' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_idempotency_key');
  });
});
