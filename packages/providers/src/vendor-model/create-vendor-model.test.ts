import type { LanguageModel } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvents, type FakeModelServer, fixtureReply, startFakeModelServer } from '../testing/index.ts';
import { createVendorModel } from './create-vendor-model.ts';

/** Streams one short request through `model` and returns its last event. */
async function ask(model: LanguageModel) {
  const events = await collectEvents(
    model.stream({
      system: '',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ name: 'f', description: 'does f', input_schema: { type: 'object' } }],
      signal: new AbortController().signal,
    }),
  );
  return events.at(-1);
}

describe('createVendorModel', () => {
  let first: FakeModelServer;
  let second: FakeModelServer;
  beforeAll(async () => {
    [first, second] = await Promise.all([startFakeModelServer(), startFakeModelServer()]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('sends each model its own key at its own base URL, whatever OPENAI_BASE_URL says', async () => {
    const saved = process.env.OPENAI_BASE_URL;
    process.env.OPENAI_BASE_URL = second.openaiBaseURL;
    try {
      first.enqueue(fixtureReply('openai/text'));
      const model = createVendorModel({
        vendor: 'openai-compatible',
        model: 'qwen3',
        baseURL: first.openaiBaseURL,
        apiKey: 'sk-first-0123456789',
      });
      expect(await ask(model)).toEqual({ type: 'finish', reason: 'end_turn' });
    } finally {
      if (saved === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = saved;
    }
    expect(first.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer sk-first-0123456789',
    ]);
    expect(second.requests).toEqual([]);
  });

  it('reaches Anthropic at its base URL, and wraps a model with the text protocol when asked', async () => {
    first.enqueue(fixtureReply('anthropic/text'), fixtureReply('openai/text'));
    const anthropic = createVendorModel({
      vendor: 'anthropic',
      model: 'claude-test',
      baseURL: first.anthropicBaseURL,
      apiKey: 'sk-ant-test-0123456789',
    });
    expect(anthropic.id).toBe('anthropic:claude-test');
    expect(await ask(anthropic)).toEqual({ type: 'finish', reason: 'end_turn' });
    expect(first.requests.at(-1)?.headers.authorization).toBe('Bearer sk-ant-test-0123456789');

    const text = createVendorModel({
      vendor: 'openai-compatible',
      model: 'qwen3',
      baseURL: first.openaiBaseURL,
      toolProtocol: 'text',
    });
    expect(await ask(text)).toEqual({ type: 'finish', reason: 'end_turn' });
    const body = first.requests.at(-1)?.body as { tools?: unknown; messages: Array<{ content: string }> };
    expect(body.tools).toBeUndefined();
    expect(body.messages[0].content).toContain('### f');
  });

  it('names what a vendor model is missing', () => {
    expect(() => createVendorModel({ vendor: 'openai', model: ' ' })).toThrow(
      "a model of vendor openai needs the vendor's name for it",
    );
    expect(() => createVendorModel({ vendor: 'anthropic', model: 'claude-test' })).toThrow(
      'the anthropic model claude-test needs an API key',
    );
    expect(() => createVendorModel({ vendor: 'openai-compatible', model: 'qwen3' })).toThrow(
      'the openai-compatible model qwen3 needs the base URL of its server',
    );
  });
});
