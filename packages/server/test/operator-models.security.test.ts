import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, fixtureReply, startFakeModelServer } from '@switchboard/providers/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Serving, serve } from '../src/cli/serve-command.ts';
import { updateConversation } from '../src/store/conversation-store.ts';
import { type ApiClient, apiClient } from './support/http-client.ts';

const OPERATOR_KEY = 'sk-operator-0123456789abcdef';
const ALICE_KEY = 'sk-test-alice';

/**
 * Finding 2 of the security review: a user set a conversation's `model` to
 * `openai-compatible:http://their-host/v1#x` and the gateway sent the operator's OPENAI_API_KEY
 * there. Users now pick models by the operator's ids only: any other value is refused where it is
 * given, and a turn never builds a model from what a user wrote. The gateway here is configured as
 * an operator does without a model list (SWITCHBOARD_MODEL with OPENAI_API_KEY), so these requests
 * reached the user's server before.
 */
describe("a user cannot send the operator's model key to a server of their choosing", () => {
  let dir: string;
  let vendor: FakeModelServer;
  let theirs: FakeModelServer;
  let serving: Serving;
  let alice: ApiClient;
  let spec: string;

  beforeAll(async () => {
    [vendor, theirs] = await Promise.all([startFakeModelServer(), startFakeModelServer()]);
    spec = `openai-compatible:${theirs.openaiBaseURL}#x`;
    dir = await mkdtemp(join(tmpdir(), 'switchboard-operator-models-'));
    const config = {
      shippedServers: false,
      webDir: join(dir, 'no-web-app'),
      logLevel: 'silent',
      users: [{ id: 'alice', apiKeyEnv: 'ALICE_KEY' }],
    };
    await writeFile(join(dir, 'config.json'), JSON.stringify(config));
    serving = await serve(
      { config: join(dir, 'config.json'), port: 0, dataDir: join(dir, 'data') },
      {
        SWITCHBOARD_MODEL: 'openai:gpt-test',
        OPENAI_API_KEY: OPERATOR_KEY,
        OPENAI_BASE_URL: vendor.openaiBaseURL,
        ALICE_KEY,
        SWITCHBOARD_SECRET_KEY: 'a'.repeat(64),
      },
    );
    alice = apiClient(serving.url, ALICE_KEY);
  });

  afterEach(() => {
    // Whatever a test did, their server heard nothing.
    expect(theirs.requests).toEqual([]);
  });

  afterAll(async () => {
    await serving?.close();
    await Promise.all([vendor?.close(), theirs?.close()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Expects a 400 `unknown_model` that names the one model offered and not the key. */
  const expectUnknownModel = (reply: { status: number; body: unknown }) => {
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      success: false,
      error: { code: 'unknown_model', available: [serving.modelId] },
    });
    const message = (reply.body as { error: { message: string } }).error.message;
    expect(message).toContain(`use one of "${serving.modelId}"`);
    expect(message).not.toContain(OPERATOR_KEY);
  };

  it('refuses a URL spec when a conversation is updated, and its turns keep the default model', async () => {
    const created = await alice.post('/conversations', {});
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expectUnknownModel(await alice.patch(`/conversations/${id}`, { model: spec }));
    expectUnknownModel(await alice.patch(`/api/conversations/${id}`, { model: spec }));
    expect((await alice.get(`/conversations/${id}`)).body.model).toBeNull();

    vendor.enqueue(fixtureReply('openai/text'));
    const turn = await alice.post(`/conversations/${id}/chat`, { content: 'hi' });
    expect(turn.body).toMatchObject({ success: true });
    expect(vendor.requests.at(-1)?.headers.authorization).toBe(`Bearer ${OPERATOR_KEY}`);
  });

  it('refuses a URL spec when a conversation is created', async () => {
    expectUnknownModel(await alice.post('/conversations', { model: spec }));
    expectUnknownModel(await alice.post('/conversations', { model: 'openai:gpt-4.1' }));
  });

  it('refuses a URL spec in a stateless request, before any model is called', async () => {
    const asked = vendor.requests.length;
    expectUnknownModel(
      await alice.post('/chat/v1/conversation', { messages: [{ role: 'user', content: 'hi' }], model: spec }),
    );
    expect(vendor.requests.length).toBe(asked);
  });

  it('fails the turn of a conversation stored earlier with a URL spec, sending nothing anywhere', async () => {
    const id = (await alice.post('/conversations', {})).body.id as string;
    await updateConversation(serving.gateway.services.db, 'alice', id, { model: spec });
    const asked = vendor.requests.length;
    const turn = await alice.post(`/conversations/${id}/chat`, { content: 'hi' });
    expectUnknownModel(turn);
    expect(vendor.requests.length).toBe(asked);
    // The conversation is free again: setting a model it may use lets it go on.
    expect((await alice.patch(`/conversations/${id}`, { model: null })).status).toBe(200);
    vendor.enqueue(fixtureReply('openai/text'));
    expect((await alice.post(`/conversations/${id}/chat`, { content: 'hi' })).body).toMatchObject({
      success: true,
    });
  });
});
