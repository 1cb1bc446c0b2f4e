import type { LanguageModel } from '@switchboard/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectEvents, type FakeModelServer, fixtureReply, startFakeModelServer } from '../testing/index.ts';
import {
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_OPENAI_MODEL,
  modelFromEnvironment,
} from './model-from-environment.ts';
import { parseModelSpec } from './parse-model-spec.ts';

const ANTHROPIC_KEY = 'sk-ant-env-0123456789abcdef';
const OPENAI_KEY = 'sk-proj-env-0123456789abcdef';

/** The model, which the test expects to be configured. */
function configured(model: LanguageModel | undefined): LanguageModel {
  if (!model) throw new Error('expected a model');
  return model;
}

/** The error message `run` throws (fails the test when it does not throw). */
function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an error');
}

describe('parseModelSpec', () => {
  it('parses every accepted form', () => {
    expect(parseModelSpec('anthropic:claude-opus-5')).toEqual({
      vendor: 'anthropic',
      model: 'claude-opus-5',
    });
    expect(parseModelSpec('openai:gpt-4.1')).toEqual({ vendor: 'openai', model: 'gpt-4.1' });
    expect(parseModelSpec('openai-compatible:http://127.0.0.1:11434/v1#qwen3')).toEqual({
      vendor: 'openai-compatible',
      model: 'qwen3',
      baseURL: 'http://127.0.0.1:11434/v1',
    });
    expect(parseModelSpec('openai-compatible:meta-llama/Llama-3.1-8B-Instruct')).toEqual({
      vendor: 'openai-compatible',
      model: 'meta-llama/Llama-3.1-8B-Instruct',
    });
    expect(parseModelSpec(' offline ')).toEqual({ vendor: 'offline' });
  });

  it('explains what is wrong with a bad spec, without credentials in URLs', () => {
    expect(() => parseModelSpec('gemini:pro')).toThrow(/is not a model spec; expected anthropic:<model>/);
    expect(() => parseModelSpec('anthropic:')).toThrow(/names no model/);
    expect(() => parseModelSpec('openai-compatible:http://127.0.0.1:8080/v1')).toThrow(/<base URL>#<model>/);
    expect(() => parseModelSpec('openai-compatible:http://h/v1#')).toThrow(/nothing after '#'/);
    const message = errorOf(() => parseModelSpec('openai-compatible:ftp://user:pw@host/v1#m'));
    expect(message).toMatch(/is not an http\(s\) URL/);
    expect(message).not.toContain('pw');
  });
});

describe('modelFromEnvironment', () => {
  let server: FakeModelServer;
  beforeEach(async () => {
    server = await startFakeModelServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('returns undefined when no model is configured, or offline is asked for', () => {
    expect(modelFromEnvironment({})).toBeUndefined();
    expect(modelFromEnvironment({ ANTHROPIC_API_KEY: '  ', SWITCHBOARD_MODEL: '' })).toBeUndefined();
    expect(
      modelFromEnvironment({ SWITCHBOARD_MODEL: 'offline', ANTHROPIC_API_KEY: ANTHROPIC_KEY }),
    ).toBeUndefined();
  });

  it('defaults to Anthropic with only ANTHROPIC_API_KEY, and to OpenAI with only OPENAI_API_KEY', () => {
    expect(modelFromEnvironment({ ANTHROPIC_API_KEY: ANTHROPIC_KEY })?.id).toBe(
      `anthropic:${DEFAULT_ANTHROPIC_MODEL}`,
    );
    expect(modelFromEnvironment({ OPENAI_API_KEY: OPENAI_KEY })?.id).toBe(`openai:${DEFAULT_OPENAI_MODEL}`);
    expect(modelFromEnvironment({ ANTHROPIC_API_KEY: ANTHROPIC_KEY, OPENAI_API_KEY: OPENAI_KEY })?.id).toBe(
      `anthropic:${DEFAULT_ANTHROPIC_MODEL}`,
    );
    expect(
      modelFromEnvironment({ OPENAI_API_KEY: OPENAI_KEY }, { defaultOpenAIModel: 'gpt-4.1-mini' })?.id,
    ).toBe('openai:gpt-4.1-mini');
  });

  it('follows SWITCHBOARD_MODEL', () => {
    expect(
      modelFromEnvironment({ SWITCHBOARD_MODEL: 'openai:gpt-4.1', OPENAI_API_KEY: OPENAI_KEY })?.id,
    ).toBe('openai:gpt-4.1');
    expect(
      modelFromEnvironment({
        SWITCHBOARD_MODEL: 'anthropic:claude-opus-5',
        ANTHROPIC_API_KEY: ANTHROPIC_KEY,
        OPENAI_API_KEY: OPENAI_KEY,
      })?.id,
    ).toBe('anthropic:claude-opus-5');
    expect(
      modelFromEnvironment({ SWITCHBOARD_MODEL: 'openai-compatible:http://127.0.0.1:11434/v1#qwen3' })?.id,
    ).toBe('openai-compatible:qwen3');
  });

  it('names the missing variable when the chosen model has no key or URL', () => {
    expect(() =>
      modelFromEnvironment({ SWITCHBOARD_MODEL: 'anthropic:claude-opus-5', OPENAI_API_KEY: OPENAI_KEY }),
    ).toThrow(
      'The model anthropic:claude-opus-5 needs ANTHROPIC_API_KEY, which is not set. Set ANTHROPIC_API_KEY, or choose another model with SWITCHBOARD_MODEL.',
    );
    expect(() => modelFromEnvironment({ SWITCHBOARD_MODEL: 'openai:gpt-4.1' })).toThrow(
      /needs OPENAI_API_KEY/,
    );
    expect(() => modelFromEnvironment({ SWITCHBOARD_MODEL: 'openai-compatible:qwen3' })).toThrow(
      /set OPENAI_BASE_URL/,
    );
    expect(() => modelFromEnvironment({ OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: 'not a url' })).toThrow(
      "OPENAI_BASE_URL='not a url' is not an http(s) URL",
    );
    expect(() =>
      modelFromEnvironment({ ANTHROPIC_API_KEY: ANTHROPIC_KEY, SWITCHBOARD_TOOL_PROTOCOL: 'xml' }),
    ).toThrow(/SWITCHBOARD_TOOL_PROTOCOL='xml' is not supported/);
  });

  it('never shows a key in ids, JSON or errors', () => {
    const env = { ANTHROPIC_API_KEY: ANTHROPIC_KEY, OPENAI_API_KEY: OPENAI_KEY };
    const models = [
      modelFromEnvironment(env),
      modelFromEnvironment({ ...env, SWITCHBOARD_MODEL: 'openai:gpt-4.1' }),
      modelFromEnvironment({
        ...env,
        SWITCHBOARD_MODEL: 'openai-compatible:http://127.0.0.1:1/v1#m',
        SWITCHBOARD_TOOL_PROTOCOL: 'text',
      }),
    ];
    const text = JSON.stringify(models) + models.map((model) => model?.id).join();
    expect(text).not.toContain(ANTHROPIC_KEY);
    expect(text).not.toContain(OPENAI_KEY);
    const pasted = errorOf(() =>
      modelFromEnvironment({ ...env, SWITCHBOARD_MODEL: `gemini:${ANTHROPIC_KEY}` }),
    );
    expect(pasted).toMatch(/^SWITCHBOARD_MODEL=gemini:\*\*\* is not a model spec; expected /);
    const unlisted = errorOf(() => modelFromEnvironment({ SWITCHBOARD_MODEL: `openai:${OPENAI_KEY}` }));
    expect(unlisted).not.toContain(OPENAI_KEY);
    expect(unlisted).toContain('needs OPENAI_API_KEY');
  });

  it('reaches an OpenAI-compatible server named in SWITCHBOARD_MODEL, with the text protocol when asked', async () => {
    server.enqueue(fixtureReply('openai/text'));
    const model = modelFromEnvironment({
      SWITCHBOARD_MODEL: `openai-compatible:${server.openaiBaseURL}#qwen3`,
      SWITCHBOARD_TOOL_PROTOCOL: 'text',
    });
    const events = await collectEvents(
      configured(model).stream({
        system: '',
        messages: [{ role: 'user', content: 'hi' }],
        tools: [{ name: 'f', description: 'does f', input_schema: { type: 'object' } }],
        signal: new AbortController().signal,
      }),
    );
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'end_turn' });
    const body = server.requests[0].body as {
      model: string;
      tools?: unknown;
      messages: Array<{ content: string }>;
    };
    expect(body.model).toBe('qwen3');
    expect(body.tools).toBeUndefined();
    expect(body.messages[0].content).toContain('### f');
  });

  it('reaches Anthropic at ANTHROPIC_BASE_URL', async () => {
    server.enqueue(fixtureReply('anthropic/text'));
    const model = modelFromEnvironment({
      ANTHROPIC_API_KEY: ANTHROPIC_KEY,
      ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    });
    const events = await collectEvents(
      configured(model).stream({
        system: '',
        messages: [{ role: 'user', content: 'hi' }],
        tools: [],
        signal: new AbortController().signal,
      }),
    );
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'end_turn' });
    expect(server.requests[0].path).toBe('/v1/messages');
  });
});
