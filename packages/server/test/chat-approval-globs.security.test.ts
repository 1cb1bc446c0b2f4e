import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestEventLoopLag } from '../../core/test/support/event-loop-lag.ts';
import { startToolsGateway, type ToolsGateway } from './support/tools-gateway.ts';

/** The bound: no one user's input may hold the gateway's event loop longer than this. */
const MAX_LAG_MS = 100;

describe('a conversation policy of pathological globs does not freeze the gateway', () => {
  let stack: ToolsGateway;

  beforeAll(async () => {
    stack = await startToolsGateway('pglite');
  });
  afterAll(() => stack?.close());

  /** Alice's chat turn in a new conversation under `rules`: the model calls echo, then ends. */
  const echoTurn = async (rules: Array<{ match: string; action: string }>) => {
    const { gateway, model } = stack;
    const id = (await gateway.alice.post('/conversations', { approval_policy: { rules } })).body.id as string;
    model.enqueue({ toolCalls: [{ name: 'tools_mcp_echo', input: { text: 'hi' } }] }, { text: 'Done.' });
    return (await gateway.alice.post(`/conversations/${id}/chat`, { content: 'Echo hi' })).body;
  };

  it('decides the first tool call under 24 stars and an X (and 200-character globs) in under 100 ms', async () => {
    await echoTurn([{ match: 'tools:*', action: 'allow' }]);
    const rules = [
      `${'*'.repeat(24)}X`,
      `${'*'.repeat(199)}X`,
      `${'*t'.repeat(99)}X`,
      `tools:${'*e'.repeat(96)}*X`,
    ].map((match) => ({ match, action: 'deny' }));
    let reply: Record<string, unknown> | undefined;
    const lag = await longestEventLoopLag(async () => {
      reply = await echoTurn(rules);
    });
    expect(reply).toMatchObject({ stop_reason: 'end_turn', assistant_message: { content: 'Done.' } });
    expect(stack.mcp.calls.get('echo')).toBe(2);
    expect(lag).toBeLessThan(MAX_LAG_MS);
  });
});
