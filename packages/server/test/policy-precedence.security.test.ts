import type { ModelRequest } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolsGateway, type ToolsGateway } from './support/tools-gateway.ts';

/** The tool results of the last message of a model request. */
function lastResults(request: ModelRequest): string[] {
  const last = request.messages.at(-1);
  if (!last || typeof last.content === 'string') return [];
  return last.content.flatMap((block) => (block.type === 'tool_result' ? [block.content] : []));
}

/**
 * Finding 4 of the security review: a user's conversation policy was tried before the deployment's,
 * so a user could allow what the operator denied. Each policy is now decided on its own and the
 * strictest answer wins.
 */
describe("a conversation's approval policy can only tighten the deployment's", () => {
  let stack: ToolsGateway;

  beforeAll(async () => {
    stack = await startToolsGateway('pglite');
  });
  afterAll(() => stack?.close());

  it("lets a conversation's policy tighten the deployment's, never loosen it", async () => {
    const { model, mcp, gateway: gw } = stack;
    const echoes = mcp.calls.get('echo') ?? 0;
    /** Chat in a new conversation under `conversationPolicy`: the model calls echo, then says what it got. */
    const callEcho = async (conversationPolicy: Record<string, unknown>, { answered = true } = {}) => {
      const id = (await gw.alice.post('/conversations', { approval_policy: conversationPolicy })).body
        .id as string;
      model.enqueue({ toolCalls: [{ name: 'tools_mcp_echo', input: { text: 'hi' } }] });
      if (answered) model.enqueue((request) => ({ text: lastResults(request)[0] }));
      return (await gw.alice.post(`/conversations/${id}/chat`, { content: 'Echo' })).body;
    };
    const allowEcho = { rules: [{ match: 'tools:echo', action: 'allow' }] };
    try {
      await gw.admin.request('PUT', '/policy', { rules: [{ match: 'tools:*', action: 'ask' }] });
      expect((await callEcho(allowEcho, { answered: false })).stop_reason).toBe('awaiting_approval');

      await gw.admin.request('PUT', '/policy', { rules: [{ match: 'tools:echo', action: 'deny' }] });
      expect((await callEcho(allowEcho)).assistant_message.content).toMatch(/not allowed/);

      await gw.admin.request('PUT', '/policy', { defaultAction: 'allow' });
      const denied = await callEcho({ rules: [{ match: 'tools:echo', action: 'deny' }] });
      expect(denied.assistant_message.content).toMatch(/not allowed/);
      expect(mcp.calls.get('echo') ?? 0).toBe(echoes);
    } finally {
      await gw.admin.request('PUT', '/policy', {});
    }
  });
});
