import type { LanguageModel, ModelRequest, ModelStreamEvent } from '@switchboard/core';
import { expect, it } from 'vitest';
import { createAnthropicModel } from '../../src/anthropic/create-anthropic-model.ts';
import { createOpenAIModel } from '../../src/openai/create-openai-model.ts';
import {
  collectEvents,
  type FakeModelServer,
  type FixtureName,
  fixtureReply,
  rateLimited,
} from '../../src/testing/index.ts';

/**
 * A request builder for a model test: a system prompt, the user asking what 5 plus 3 is, a fresh
 * signal, then `defaults` (the test file's tools), then each request's `overrides`.
 */
export function requestWith(
  defaults: Pick<ModelRequest, 'tools'> & Partial<ModelRequest>,
): (overrides?: Partial<ModelRequest>) => ModelRequest {
  return (overrides = {}) => ({
    system: 'You are helpful.',
    messages: [{ role: 'user', content: 'What is 5 plus 3?' }],
    signal: new AbortController().signal,
    ...defaults,
    ...overrides,
  });
}

/** The text a model streamed, its text deltas joined. */
export function textOf(events: ModelStreamEvent[]): string {
  return events.flatMap((event) => (event.type === 'text_delta' ? [event.text] : [])).join('');
}

/** The retry settings a test gives an adapter. */
export interface RetryOptions {
  maxRetries?: number;
  maxRetryWaitMs?: number;
  retryBudgetMs?: number;
}

/** The Anthropic adapter against the fake model server (a test key and model). */
export function anthropicAgainst(server: FakeModelServer, options: RetryOptions = {}): LanguageModel {
  return createAnthropicModel({
    apiKey: 'sk-ant-test',
    model: 'claude-test',
    baseURL: server.anthropicBaseURL,
    ...options,
  });
}

/** The OpenAI-compatible adapter against the fake model server (a test key and model). */
export function openaiAgainst(server: FakeModelServer, options: RetryOptions = {}): LanguageModel {
  return createOpenAIModel({
    apiKey: 'sk-test',
    model: 'gpt-test',
    baseURL: server.openaiBaseURL,
    ...options,
  });
}

/** A vendor adapter under test against the fake model server, and where its recorded streams break. */
export interface AdapterUnderTest {
  vendor: 'anthropic' | 'openai';
  /** The adapter against the running fake server. */
  model(options?: { maxRetries?: number }): LanguageModel;
  request(overrides?: Partial<ModelRequest>): ModelRequest;
  /** The fake server of the running test. */
  server(): FakeModelServer;
  /** How its errors name a broken stream: `<vendor> stream failed`. */
  streamFailed: string;
  /** The recorded reply with parallel tool calls, cut before any call is complete. */
  parallelToolCalls: { fixture: FixtureName; cutAfterEvents: number };
  /** The recorded text reply ended early: what the test title says it ends before, and the error. */
  endedEarly: { cutAfterEvents: number; before: string; error: string };
  /** After how many events of the text reply there is a text delta to abort at. */
  abortAfterEvents: number;
}

/**
 * The tests every streaming vendor adapter passes the same way: a 429 retried after retry-after, a
 * connection cut or a stream ended early turned into finish error (never a hang), an abort obeyed.
 */
export function streamEndingTests(adapter: AdapterUnderTest): void {
  const text = `${adapter.vendor}/text` as FixtureName;

  it('retries a 429 after retry-after and then succeeds', async () => {
    adapter.server().enqueue(rateLimited(adapter.vendor, 5), fixtureReply(text));
    const events = await collectEvents(adapter.model().stream(adapter.request()));
    expect(adapter.server().requests).toHaveLength(2);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'end_turn' });
  });

  it('ends with finish error, not a hang, when the connection is cut mid-stream', async () => {
    const { fixture, cutAfterEvents } = adapter.parallelToolCalls;
    adapter.server().enqueue(fixtureReply(fixture, { cutAfterEvents }));
    const events = await collectEvents(adapter.model({ maxRetries: 0 }).stream(adapter.request()));
    expect(events.some((event) => event.type === 'tool_call')).toBe(false);
    const finish = events.at(-1);
    expect(finish).toMatchObject({ type: 'finish', reason: 'error' });
    expect(finish?.type === 'finish' && finish.error).toMatch(
      new RegExp(`^${escapeRegExp(adapter.streamFailed)}: the stream broke off \\(terminated`),
    );
  });

  it(`ends with finish error when the stream closes before ${adapter.endedEarly.before}`, async () => {
    adapter
      .server()
      .enqueue(fixtureReply(text, { cutAfterEvents: adapter.endedEarly.cutAfterEvents, cutMode: 'end' }));
    const events = await collectEvents(adapter.model({ maxRetries: 0 }).stream(adapter.request()));
    expect(events.at(-1)).toEqual({
      type: 'finish',
      reason: 'error',
      error: `${adapter.streamFailed}: ${adapter.endedEarly.error}`,
    });
  });

  it('stops when the request is aborted mid-stream', async () => {
    adapter
      .server()
      .enqueue(
        fixtureReply(text, { cutAfterEvents: adapter.abortAfterEvents, cutMode: 'end', holdOpen: true }),
      );
    const controller = new AbortController();
    const events: ModelStreamEvent[] = [];
    for await (const event of adapter.model().stream(adapter.request({ signal: controller.signal }))) {
      events.push(event);
      if (event.type === 'text_delta') controller.abort();
    }
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'error', error: 'aborted' });
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
