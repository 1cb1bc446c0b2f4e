import { createAnthropicModel } from '@switchboard/providers';
import {
  type FakeModelServer,
  fixtureReply,
  rateLimitedFor,
  startFakeModelServer,
} from '@switchboard/providers/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from './support/http-client.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

describe('a turn the vendor rate-limits', () => {
  let fake: FakeModelServer;
  let gw: TestGateway;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    gw = await startTestGateway('pglite', {
      model: createAnthropicModel({
        apiKey: 'sk-ant-test',
        model: 'claude-test',
        baseURL: fake.anthropicBaseURL,
      }),
      limits: { requestsPerMinute: 1000 },
    });
  });
  afterAll(async () => {
    await gw?.close();
    await fake?.close();
  });

  const turn = async () => {
    const { id } = (await gw.alice.post('/conversations', {})).body as { id: string };
    return readSse(
      await gw.alice.fetch(`/conversations/${id}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ content: 'Hi' }),
      }),
    );
  };

  it('streams a model_retry event while it waits, then the reply', async () => {
    fake.enqueue(rateLimitedFor('anthropic', { ms: 20 }), fixtureReply('anthropic/text'));
    const events = await turn();
    const retries = events.filter(
      (event) => event.data.type === 'CUSTOM' && event.data.name === 'model_retry',
    );
    expect(retries.map((event) => event.data.value)).toEqual([
      { attempt: 1, waitMs: 20, reason: 'rate_limit', vendorType: 'rate_limit_error' },
    ]);
    expect(events.at(-1)?.data.type).toBe('RUN_FINISHED');
  });

  it('fails at once with the vendor wait when it is longer than a turn waits', async () => {
    fake.enqueue(rateLimitedFor('anthropic', { seconds: 120 }));
    const started = Date.now();
    const events = await turn();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(JSON.stringify(events.map((event) => event.data))).toMatch(
      /rate limited: Anthropic asks to wait 120 s, longer than the 15 s a request waits; try again in 120 s/,
    );
  });
});
