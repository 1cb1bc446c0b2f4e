import { Writable } from 'node:stream';
import { createOpenAIModel } from '@switchboard/providers';
import {
  type FakeModelServer,
  openaiError,
  openaiStream,
  rateLimited,
  startFakeModelServer,
} from '@switchboard/providers/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/observability/create-logger.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

const KEY = 'sk-live-secret-key-0123456789';

describe('model errors in the gateway log', () => {
  const lines: string[] = [];
  let fake: FakeModelServer;
  let gw: TestGateway;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    gw = await startTestGateway('pglite', {
      model: createOpenAIModel({
        apiKey: KEY,
        model: 'gpt-test',
        baseURL: fake.openaiBaseURL,
        maxRetries: 1,
      }),
      logger: createLogger({ level: 'info', destination }),
      limits: { requestsPerMinute: 1000 },
    });
  });
  afterAll(async () => {
    await gw?.close();
    await fake?.close();
  });

  /** Runs a turn the vendor answers with `replies`; returns the log lines it wrote about the turn. */
  const failedTurn = async (...replies: Parameters<FakeModelServer['enqueue']>) => {
    fake.enqueue(...replies);
    const { id } = (await gw.alice.post('/conversations', {})).body as { id: string };
    const turn = await gw.alice.post(`/conversations/${id}/chat`, { content: 'hi' });
    expect(turn.body).toMatchObject({ success: false, stop_reason: 'error' });
    return lines.map((line) => JSON.parse(line)).filter((entry) => entry.conversationId === id);
  };

  it.each([
    {
      case: 'a bad key',
      replies: [
        openaiError(
          401,
          `Incorrect API key provided: ${KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          'invalid_request_error',
          undefined,
          'invalid_api_key',
        ),
      ],
      errorType: 'invalid_api_key',
    },
    {
      case: 'a 400',
      replies: [
        openaiError(
          400,
          "This model's maximum context length is 128000 tokens.",
          'invalid_request_error',
          undefined,
          'context_length_exceeded',
        ),
      ],
      errorType: 'context_length_exceeded',
    },
    {
      case: 'exhausted retries',
      replies: [rateLimited('openai'), rateLimited('openai')],
      errorType: 'rate_limit_exceeded',
    },
  ])("logs $case at warn with the vendor's error type, never the key", async ({ replies, errorType }) => {
    const logged = await failedTurn(...replies);
    expect(logged.find((entry) => entry.msg === 'turn failed')).toMatchObject({
      level: 40,
      stopReason: 'error',
      model: 'openai-compatible:gpt-test',
      errorType,
      error: expect.stringContaining('OpenAI-compatible API error'),
    });
    expect(logged.some((entry) => entry.msg === 'turn saved')).toBe(false);
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('logs each retried model call at info with its reason, in a turn and a stateless request', async () => {
    fake.enqueue(rateLimited('openai'), openaiStream({ text: 'Hello.' }));
    const { id } = (await gw.alice.post('/conversations', {})).body as { id: string };
    const turn = await gw.alice.post(`/conversations/${id}/chat`, { content: 'hi' });
    expect(turn.body).toMatchObject({ success: true });
    const entries = lines.map((line) => JSON.parse(line));
    expect(
      entries.find((entry) => entry.conversationId === id && entry.msg === 'model call retried'),
    ).toMatchObject({
      level: 30,
      model: 'openai-compatible:gpt-test',
      reason: 'rate_limit',
      vendorType: 'rate_limit_exceeded',
      attempt: 1,
    });
    fake.enqueue(rateLimited('openai'), openaiStream({ text: 'Hello.' }));
    const before = lines.length;
    await gw.alice.post('/chat/v1/conversation', { messages: [{ role: 'user', content: 'hi' }] });
    const stateless = lines.slice(before).map((line) => JSON.parse(line));
    expect(stateless.find((entry) => entry.msg === 'model call retried')).toMatchObject({
      level: 30,
      userId: 'alice',
      reason: 'rate_limit',
    });
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('logs a failed stateless request the same way', async () => {
    fake.enqueue(
      openaiError(
        401,
        `Incorrect API key provided: ${KEY}.`,
        'invalid_request_error',
        undefined,
        'invalid_api_key',
      ),
    );
    const reply = await gw.alice.post('/chat/v1/conversation', {
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(reply.status).toBeGreaterThanOrEqual(200);
    const failed = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'turn failed');
    expect(failed.at(-1)).toMatchObject({ level: 40, userId: 'alice', errorType: 'invalid_api_key' });
    expect(lines.join('\n')).not.toContain(KEY);
  });
});
