import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuedModel } from './support/queued-model.ts';
import type { TestGateway } from './support/test-gateway.ts';
import { startToolsGateway, type ToolsGateway } from './support/tools-gateway.ts';

describe('limits', () => {
  let stack: ToolsGateway;
  let model: QueuedModel;
  let gw: TestGateway;

  beforeAll(async () => {
    stack = await startToolsGateway('pglite', {
      gateway: { limits: { requestsPerMinute: 4, toolTurnsPerRequest: 2, toolTurnsPerSession: 3 } },
    });
    ({ model, gateway: gw } = stack);
  });
  afterAll(() => stack?.close());

  it('limits model-invoking requests per user per minute with a clear 429 and Retry-After', async () => {
    const id = (await gw.alice.post('/conversations', {})).body.id;
    for (let i = 0; i < 4; i++) {
      model.enqueue({ text: `answer ${i}` });
      const reply = await gw.alice.post(`/conversations/${id}/chat`, { content: `question ${i}` });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-ratelimit-remaining')).toBe(String(3 - i));
    }
    const limited = await gw.alice.post(`/conversations/${id}/chat`, { content: 'one more' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error).toMatchObject({ code: 'rate_limited', limit: 4 });
    expect(limited.body.error.message).toMatch(/retry in \d+ s/);
    expect(
      (await gw.alice.post('/chat/v1/conversation', { messages: [{ role: 'user', content: 'hi' }] })).status,
    ).toBe(429);
    expect((await gw.alice.get(`/conversations/${id}/messages`)).body.items).toHaveLength(8);
    expect((await gw.alice.get('/conversations')).status).toBe(200);
  });

  it('stops a request at its tool-turn limit, and a conversation at its session limit', async () => {
    const id = (await gw.bob.post('/conversations', {})).body.id;
    const echo = (n: number) => ({ toolCalls: [{ name: 'tools_mcp_echo', input: { text: `turn ${n}` } }] });
    model.enqueue(echo(1), echo(2));
    const capped = await gw.bob.post(`/conversations/${id}/chat`, { content: 'Loop' });
    expect(capped.body).toMatchObject({ success: true, stop_reason: 'max_iterations' });
    expect(capped.body.message).toMatch(/limit/);

    model.enqueue(echo(3));
    expect((await gw.bob.post(`/conversations/${id}/chat`, { content: 'Once more' })).body.stop_reason).toBe(
      'max_tool_calls',
    );
    const exhausted = await gw.bob.post(`/conversations/${id}/chat`, { content: 'And again' });
    expect(exhausted.status).toBe(409);
    expect(exhausted.body.error).toMatchObject({ code: 'session_limit_reached', limit: 3 });
    const lowered = (
      await gw.bob.post('/conversations', {
        limits: { tool_turns_per_request: 1, tool_turns_per_session: 999 },
      })
    ).body.id;
    model.enqueue(echo(4));
    expect((await gw.bob.post(`/conversations/${lowered}/chat`, { content: 'Loop' })).body.stop_reason).toBe(
      'max_iterations',
    );
    expect(model.pending()).toBe(0);
  });
});
