import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type FakeModelServer,
  fixtureReply,
  openaiStream,
  startFakeModelServer,
} from '@switchboard/providers/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Serving, serve } from '../src/cli/serve-command.ts';
import { buildOpenApiDocument } from '../src/http/openapi-document.ts';
import { type ApiClient, apiClient } from './support/http-client.ts';

const KEYS = {
  first: 'sk-first-model-0123456789',
  second: 'sk-second-model-0123456789',
  environment: 'sk-environment-0123456789',
  alice: 'sk-test-alice',
};

/** `switchboard serve` with two configured openai-compatible models, each at its own fake vendor. */
describe("the operator's configured models", () => {
  let dir: string;
  let first: FakeModelServer;
  let second: FakeModelServer;
  let serving: Serving;
  let alice: ApiClient;

  beforeAll(async () => {
    [first, second] = await Promise.all([startFakeModelServer(), startFakeModelServer()]);
    dir = await mkdtemp(join(tmpdir(), 'switchboard-configured-models-'));
    const config = {
      shippedServers: false,
      webDir: join(dir, 'no-web-app'),
      logLevel: 'silent',
      users: [{ id: 'alice', apiKeyEnv: 'ALICE_KEY' }],
      models: [
        {
          id: 'first',
          label: 'First model',
          vendor: 'openai-compatible',
          model: 'first-model',
          baseUrl: first.openaiBaseURL,
          apiKeyEnv: 'FIRST_MODEL_KEY',
          price: { input: 0.5, output: 1.5 },
        },
        {
          id: 'second',
          label: 'Second model',
          vendor: 'openai-compatible',
          model: 'second-model',
          baseUrl: second.openaiBaseURL,
          apiKeyEnv: 'SECOND_MODEL_KEY',
          price: { input: 2, output: 8, currency: 'EUR' },
          default: true,
        },
      ],
    };
    await writeFile(join(dir, 'config.json'), JSON.stringify(config));
    serving = await serve(
      { config: join(dir, 'config.json'), port: 0, dataDir: join(dir, 'data') },
      {
        FIRST_MODEL_KEY: KEYS.first,
        SECOND_MODEL_KEY: KEYS.second,
        // Read only for a default made from SWITCHBOARD_MODEL: never sent to a configured model.
        OPENAI_API_KEY: KEYS.environment,
        OPENAI_BASE_URL: first.openaiBaseURL,
        ALICE_KEY: KEYS.alice,
        SWITCHBOARD_SECRET_KEY: 'a'.repeat(64),
      },
    );
    alice = apiClient(serving.url, KEYS.alice);
  });

  afterAll(async () => {
    await serving?.close();
    await Promise.all([first?.close(), second?.close()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** The keys a fake vendor was called with, and the model names asked for. */
  const calls = (vendor: FakeModelServer) =>
    vendor.requests.map((request) => ({
      authorization: request.headers.authorization,
      model: (request.body as { model?: string }).model,
    }));

  it('lists the ids, labels, vendors and prices users pick from, the default marked, never a URL or key', async () => {
    const expected = {
      items: [
        {
          id: 'second',
          label: 'Second model',
          vendor: 'openai-compatible',
          default: true,
          price: { input: 2, output: 8, currency: 'EUR' },
        },
        {
          id: 'first',
          label: 'First model',
          vendor: 'openai-compatible',
          default: false,
          price: { input: 0.5, output: 1.5, currency: 'USD' },
        },
      ],
    };
    for (const path of ['/models', '/api/models']) {
      const reply = await alice.request('GET', path);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(expected);
      const text = JSON.stringify(reply.body);
      for (const hidden of ['127.0.0.1', 'http', 'first-model', ...Object.values(KEYS)])
        expect(text).not.toContain(hidden);
    }
    expect((await apiClient(serving.url).get('/models')).status).toBe(401);
    const document = buildOpenApiDocument() as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(document.paths['/models']?.get).toBeDefined();
    expect(Object.keys(document.components.schemas.Model?.properties ?? {})).toEqual(
      Object.keys(expected.items[0] ?? {}),
    );
  });

  it("sends each model's turns its own key at its own base URL", async () => {
    const id = (await alice.post('/conversations', {})).body.id as string;
    second.enqueue(fixtureReply('openai/text'));
    expect((await alice.post(`/conversations/${id}/chat`, { content: 'hi' })).body).toMatchObject({
      success: true,
    });
    expect((await alice.patch(`/conversations/${id}`, { model: 'first' })).body.model).toBe('first');
    first.enqueue(fixtureReply('openai/text'));
    expect((await alice.post(`/conversations/${id}/chat`, { content: 'again' })).body).toMatchObject({
      success: true,
    });
    expect(calls(second)).toEqual([{ authorization: `Bearer ${KEYS.second}`, model: 'second-model' }]);
    expect(calls(first)).toEqual([{ authorization: `Bearer ${KEYS.first}`, model: 'first-model' }]);
  });

  it("shows each turn's tokens on its reply, priced as the model that answered it, in the turn's answer and when read again", async () => {
    const id = (await alice.post('/conversations', {})).body.id as string;
    second.enqueue(openaiStream({ text: 'Hello.', usage: { inputTokens: 2_000, outputTokens: 500 } }));
    const answered = (await alice.post(`/conversations/${id}/chat`, { content: 'hi' })).body;
    const firstUsage = { input_tokens: 2_000, output_tokens: 500, cost: { amount: 0.008, currency: 'EUR' } };
    expect(answered.assistant_message).toMatchObject({ content: 'Hello.', usage: firstUsage });
    expect(answered.messages).toEqual([answered.assistant_message]);
    await alice.patch(`/conversations/${id}`, { model: 'first' });
    first.enqueue(openaiStream({ text: 'Hello again.', usage: { inputTokens: 1_000, outputTokens: 100 } }));
    // A send retried under its Idempotency-Key gets the same answer, usage included.
    const again = () =>
      alice.request(
        'POST',
        `/conversations/${id}/chat`,
        { content: 'again' },
        { 'Idempotency-Key': 'again-1' },
      );
    const secondAnswer = (await again()).body;
    expect(secondAnswer.assistant_message.usage).toEqual({
      input_tokens: 1_000,
      output_tokens: 100,
      cost: { amount: 0.00065, currency: 'USD' },
    });
    expect((await again()).body).toEqual(secondAnswer);
    const { items } = (await alice.get(`/conversations/${id}/messages`)).body as {
      items: Array<{ role: string; content: string; usage?: unknown }>;
    };
    expect(items.map(({ role, content, usage }) => ({ role, content, usage }))).toEqual([
      { role: 'user', content: 'hi', usage: undefined },
      {
        role: 'assistant',
        content: 'Hello.',
        usage: { input_tokens: 2_000, output_tokens: 500, cost: { amount: 0.008, currency: 'EUR' } },
      },
      { role: 'user', content: 'again', usage: undefined },
      {
        role: 'assistant',
        content: 'Hello again.',
        usage: { input_tokens: 1_000, output_tokens: 100, cost: { amount: 0.00065, currency: 'USD' } },
      },
    ]);
  });

  it('answers a stateless request with the model it names by id, or the default for null', async () => {
    first.enqueue(fixtureReply('openai/text'));
    second.enqueue(fixtureReply('openai/text'));
    const ask = (model: string | null) =>
      alice.post('/chat/v1/conversation', { messages: [{ role: 'user', content: 'hi' }], model });
    expect((await ask('first')).body).toMatchObject({ success: true, type: 'text' });
    expect((await ask(null)).body).toMatchObject({ success: true, type: 'text' });
    expect(calls(first).at(-1)).toEqual({ authorization: `Bearer ${KEYS.first}`, model: 'first-model' });
    expect(calls(second).at(-1)).toEqual({ authorization: `Bearer ${KEYS.second}`, model: 'second-model' });
  });

  it('refuses an id the operator did not configure, naming the ones it did', async () => {
    const reply = await alice.post('/conversations', { model: 'third' });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toEqual({
      code: 'unknown_model',
      message:
        'model "third" is not offered by this gateway; use one of "second", "first" (GET /models lists them), or null for the default',
      available: ['second', 'first'],
    });
  });
});
