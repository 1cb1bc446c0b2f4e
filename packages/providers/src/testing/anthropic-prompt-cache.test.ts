import { describe, expect, it } from 'vitest';
import { anthropicCacheControlError } from './anthropic-cache-control-rules.ts';
import { AnthropicPromptCache, approximateTokens, CACHE_LOOKBACK_BLOCKS } from './anthropic-prompt-cache.ts';
import { startFakeModelServer } from './fake-model-server.ts';
import { anthropicStream } from './wire-streams.ts';

const EPHEMERAL = { type: 'ephemeral' };
const MODEL = 'claude-sonnet-4-5';
/** About 1,500 tokens: above Sonnet 4.5's 1,024-token minimum. */
const SYSTEM = 'Route every request to the right tool. '.repeat(150);

const user = (text: string, cached = false) => ({
  role: 'user',
  content: [{ type: 'text', text, ...(cached ? { cache_control: EPHEMERAL } : {}) }],
});

describe('AnthropicPromptCache', () => {
  it('writes at each breakpoint and lets a longer request read the prefix it wrote', () => {
    const cache = new AnthropicPromptCache();
    const system = [{ type: 'text', text: SYSTEM, cache_control: EPHEMERAL }];
    const first = cache.use({ model: MODEL, system, messages: [user('Weather in Paris?', true)] });
    expect(first.cache_read_input_tokens).toBe(0);
    expect(first.input_tokens).toBe(0);
    const total = first.cache_creation_input_tokens;

    const messages = [
      user('Weather in Paris?'),
      { role: 'assistant', content: 'Sunny.' },
      user('And Rome?', true),
    ];
    const second = cache.use({ model: MODEL, system, messages });
    expect(second.cache_read_input_tokens).toBe(total);
    expect(second.cache_creation_input_tokens).toBe(
      approximateTokens({ type: 'text', text: 'Sunny.', role: 'assistant' }) +
        approximateTokens({ type: 'text', text: 'And Rome?', role: 'user' }),
    );
  });

  it('reads nothing for another model, a changed prefix, or a prefix under the minimum', () => {
    const cache = new AnthropicPromptCache();
    const system = [{ type: 'text', text: SYSTEM, cache_control: EPHEMERAL }];
    cache.use({ model: MODEL, system, messages: [user('Hi')] });
    expect(
      cache.use({ model: 'claude-opus-4-1', system, messages: [user('Hi')] }).cache_read_input_tokens,
    ).toBe(0);
    const changed = [{ ...system[0], text: `${SYSTEM}!` }];
    expect(cache.use({ model: MODEL, system: changed, messages: [user('Hi')] }).cache_read_input_tokens).toBe(
      0,
    );
    const short = [{ type: 'text', text: 'Be brief.', cache_control: EPHEMERAL }];
    expect(
      cache.use({ model: MODEL, system: short, messages: [user('Hi')] }).cache_creation_input_tokens,
    ).toBe(0);
    expect(cache.use({ model: MODEL, system: short, messages: [user('Hi')] }).cache_read_input_tokens).toBe(
      0,
    );
  });

  it(`finds an earlier entry only within ${CACHE_LOOKBACK_BLOCKS} blocks before a breakpoint`, () => {
    const cache = new AnthropicPromptCache();
    // About 400 tokens each: three make a cacheable prefix.
    const tools = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        name: `tool_${index}`,
        description: 'Looks things up. '.repeat(90),
        input_schema: { type: 'object' },
      }));
    const marked = (list: object[]) =>
      list.map((tool, index) => (index === list.length - 1 ? { ...tool, cache_control: EPHEMERAL } : tool));
    const first = cache.use({ model: MODEL, tools: marked(tools(3)), messages: [user('Hi')] });
    expect(first.cache_creation_input_tokens).toBeGreaterThan(1024);
    // The new last tool is 19 blocks after the cached one: found.
    const near = cache.use({
      model: MODEL,
      tools: marked(tools(3 + CACHE_LOOKBACK_BLOCKS - 1)),
      messages: [],
    });
    expect(near.cache_read_input_tokens).toBe(first.cache_creation_input_tokens);
    // 20 blocks after it: out of reach.
    const far = new AnthropicPromptCache();
    far.use({ model: MODEL, tools: marked(tools(3)), messages: [user('Hi')] });
    const missed = far.use({ model: MODEL, tools: marked(tools(3 + CACHE_LOOKBACK_BLOCKS)), messages: [] });
    expect(missed.cache_read_input_tokens).toBe(0);
  });
});

describe('anthropicCacheControlError', () => {
  it('refuses a fifth breakpoint, in the API words', () => {
    const messages = Array.from({ length: 5 }, (_, index) => user(`m${index}`, true));
    expect(anthropicCacheControlError({ model: MODEL, messages })?.body).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'A maximum of 4 blocks with cache_control may be provided. Found 5.',
      },
      request_id: 'req_fake',
    });
    expect(anthropicCacheControlError({ model: MODEL, messages: messages.slice(1) })).toBeUndefined();
  });

  it('refuses breakpoints on empty text and thinking blocks, and unknown cache types or ttls', () => {
    const message = (block: object) => ({ model: MODEL, messages: [{ role: 'user', content: [block] }] });
    const errorOf = (block: object) =>
      (anthropicCacheControlError(message(block))?.body as { error: { message: string } } | undefined)?.error
        .message;
    expect(errorOf({ type: 'text', text: '', cache_control: EPHEMERAL })).toBe(
      'messages.0.content.0.text: cache_control cannot be set for empty text blocks',
    );
    expect(errorOf({ type: 'thinking', thinking: 'hm', signature: 's', cache_control: EPHEMERAL })).toBe(
      'messages.0.content.0.thinking.cache_control: Extra inputs are not permitted',
    );
    expect(errorOf({ type: 'text', text: 'a', cache_control: { type: 'persistent' } })).toMatch(/type/);
    expect(errorOf({ type: 'text', text: 'a', cache_control: { type: 'ephemeral', ttl: '2h' } })).toMatch(
      /ttl/,
    );
    expect(
      errorOf({ type: 'text', text: 'a', cache_control: { type: 'ephemeral', ttl: '1h' } }),
    ).toBeUndefined();
  });
});

describe('the fake vendor with a prompt cache', () => {
  it("replaces the script's input usage with what the cache would report", async () => {
    const server = await startFakeModelServer({ anthropicPromptCache: true });
    try {
      const body = {
        model: MODEL,
        max_tokens: 100,
        stream: true,
        system: [{ type: 'text', text: SYSTEM, cache_control: EPHEMERAL }],
        messages: [user('Hi')],
      };
      const usages: unknown[] = [];
      for (let call = 0; call < 2; call++) {
        server.enqueue(anthropicStream({ text: 'Hello.', usage: { inputTokens: 7, outputTokens: 3 } }));
        const response = await fetch(`${server.anthropicBaseURL}/v1/messages`, {
          method: 'POST',
          body: JSON.stringify(body),
        });
        const text = await response.text();
        const start = text.split('\n').find((line) => line.includes('"message_start"')) ?? '';
        usages.push(JSON.parse(start.slice('data: '.length)).message.usage);
      }
      const written = (usages[0] as { cache_creation_input_tokens: number }).cache_creation_input_tokens;
      expect(written).toBeGreaterThan(1024);
      expect(usages[1]).toMatchObject({ cache_read_input_tokens: written, cache_creation_input_tokens: 0 });
    } finally {
      await server.close();
    }
  });

  it('answers a request with five breakpoints with the 400 and takes no scripted answer', async () => {
    const server = await startFakeModelServer();
    try {
      server.enqueue(anthropicStream({ text: 'unused' }));
      const messages = Array.from({ length: 5 }, (_, index) => user(`m${index}`, true));
      const response = await fetch(`${server.anthropicBaseURL}/v1/messages`, {
        method: 'POST',
        body: JSON.stringify({ model: MODEL, max_tokens: 10, messages }),
      });
      expect(response.status).toBe(400);
      expect(server.pending()).toBe(1);
    } finally {
      await server.close();
    }
  });
});
