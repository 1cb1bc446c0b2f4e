import type { ModelStreamEvent } from '@switchboard/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  anthropicAgainst,
  openaiAgainst,
  type RetryOptions,
  requestWith,
} from '../../test/support/adapter-tests.ts';
import {
  collectEvents,
  type FakeModelServer,
  fixtureReply,
  insufficientQuota,
  rateLimitedFor,
  startFakeModelServer,
} from '../testing/index.ts';

const request = requestWith({ messages: [{ role: 'user', content: 'Hello' }], tools: [] });

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
});

const anthropic = (options: RetryOptions = {}) => anthropicAgainst(server, options);
const openai = (options: RetryOptions = {}) => openaiAgainst(server, options);

function finishOf(events: ModelStreamEvent[]) {
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error(`no finish event: ${JSON.stringify(events)}`);
  return last;
}

describe('retries before the stream starts', () => {
  it('announces each wait with a retry event, then streams', async () => {
    server.enqueue(rateLimitedFor('anthropic', { ms: 5 }), fixtureReply('anthropic/text'));
    const events = await collectEvents(anthropic().stream(request()));
    expect(server.requests).toHaveLength(2);
    expect(events[0]).toEqual({
      type: 'retry',
      attempt: 1,
      waitMs: 5,
      reason: 'rate_limit',
      errorType: 'rate_limit_error',
    });
    expect(finishOf(events)).toEqual({ type: 'finish', reason: 'end_turn' });
  });

  it('fails at once, naming the wait, when retry-after in seconds is over the cap', async () => {
    server.enqueue(rateLimitedFor('openai', { seconds: 30 }), fixtureReply('openai/text'));
    const started = Date.now();
    const events = await collectEvents(openai().stream(request()));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(server.requests).toHaveLength(1);
    expect(finishOf(events)).toEqual({
      type: 'finish',
      reason: 'error',
      error:
        'OpenAI-compatible API error 429 (rate_limit_exceeded): Rate limit reached for requests — rate limited: OpenAI-compatible asks to wait 30 s, longer than the 15 s a request waits; try again in 30 s',
      errorType: 'rate_limit_exceeded',
    });
  });

  it('reads retry-after as an HTTP date', async () => {
    server.enqueue(rateLimitedFor('anthropic', { date: new Date(Date.now() + 60_000) }));
    const events = await collectEvents(anthropic({ maxRetryWaitMs: 20_000 }).stream(request()));
    expect(server.requests).toHaveLength(1);
    expect(finishOf(events).error).toMatch(
      /— rate limited: Anthropic asks to wait (59|60) s, longer than the 20 s a request waits/,
    );
  });

  it('stops when the next wait would go over the retry budget', async () => {
    server.enqueue(
      rateLimitedFor('openai', { ms: 60 }),
      rateLimitedFor('openai', { ms: 60 }),
      rateLimitedFor('openai', { ms: 60 }),
      fixtureReply('openai/text'),
    );
    const events = await collectEvents(openai({ maxRetries: 3, retryBudgetMs: 100 }).stream(request()));
    expect(server.requests).toHaveLength(2);
    expect(events.filter((event) => event.type === 'retry')).toHaveLength(1);
    expect(finishOf(events).error).toMatch(
      /asks to wait another 60 ms, beyond the 100 ms retry budget after 60 ms of waiting/,
    );
  });

  it('says how long the vendor still asks to wait when the retries are used up', async () => {
    server.enqueue(rateLimitedFor('anthropic', { ms: 5 }), rateLimitedFor('anthropic', { ms: 5 }));
    const events = await collectEvents(anthropic({ maxRetries: 1 }).stream(request()));
    expect(server.requests).toHaveLength(2);
    expect(finishOf(events).error).toMatch(
      /— rate limited: still refused after 1 retry; Anthropic asks to wait 5 ms more$/,
    );
  });

  it('never retries insufficient_quota, and calls it a quota and billing error, not a rate limit', async () => {
    server.enqueue(insufficientQuota(), fixtureReply('openai/text'));
    const events = await collectEvents(openai().stream(request()));
    expect(server.requests).toHaveLength(1);
    expect(events.some((event) => event.type === 'retry')).toBe(false);
    const finish = finishOf(events);
    expect(finish.errorType).toBe('insufficient_quota');
    expect(finish.error).toMatch(
      /^OpenAI-compatible API error 429 \(insufficient_quota\): You exceeded your current quota/,
    );
    expect(finish.error).toMatch(/the account's quota is used up: check its plan and billing/);
    expect(finish.error).not.toMatch(/rate limit(ed)?[,:]/i);
  });
});
