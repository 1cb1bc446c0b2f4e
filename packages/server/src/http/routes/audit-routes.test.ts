import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestGateway } from '../../../test/support/test-gateway.ts';
import { startToolsGateway, type ToolsGateway } from '../../../test/support/tools-gateway.ts';

interface Row {
  id: string;
  user_id: string;
  user_name: string;
  via: string;
  server: string;
  tool: string;
  outcome: string;
  error: string | null;
}

describe('GET /audit (administrators): the audit trail of tool calls, paged and filtered', () => {
  let stack: ToolsGateway;
  let gw: TestGateway;

  beforeAll(async () => {
    stack = await startToolsGateway('pglite', {
      gateway: { approvalPolicy: { rules: [{ match: 'tools:delete_*', action: 'deny' }] } },
    });
    gw = stack.gateway;
    const { body } = await gw.alice.post('/conversations', {});
    stack.model.enqueue(
      { toolCalls: [{ id: 'call_echo', name: 'tools_mcp_echo', input: { text: 'from chat' } }] },
      { text: 'Echoed.' },
    );
    expect((await gw.alice.post(`/conversations/${body.id}/chat`, { content: 'Echo' })).status).toBe(200);
    const server = (await gw.bob.get('/servers')).body.items.find(
      (entry: { name: string }) => entry.name === 'tools',
    );
    const direct = (name: string) =>
      gw.bob.post(`/servers/${server.id}/tools/call`, { name, arguments: { text: 'direct' } });
    expect((await direct('echo')).status).toBe(200);
    expect((await direct('delete_everything')).status).toBe(403);
  });
  afterAll(() => stack?.close());

  const rows = async (query = '') => {
    const reply = await gw.admin.get(`/audit${query}`);
    expect(reply.status, query).toBe(200);
    return reply.body as { items: Row[]; next_cursor: string | null };
  };

  it("lists every user's calls, chat and direct, refused ones included, newest first", async () => {
    const { items, next_cursor } = await rows();
    expect(items.map((row) => [row.user_name, row.via, row.tool, row.outcome])).toEqual([
      ['Bob', 'direct', 'delete_everything', 'denied'],
      ['Bob', 'direct', 'echo', 'ok'],
      ['Alice', 'chat', 'echo', 'ok'],
    ]);
    expect(items[0].error).toContain('approval policy');
    expect(next_cursor).toBeNull();
    expect(JSON.stringify(items)).not.toContain('from chat');
  });

  it('filters by user, server, tool, path, outcome and time', async () => {
    expect((await rows('?user=alice')).items.map((row) => row.via)).toEqual(['chat']);
    expect((await rows('?via=direct')).items).toHaveLength(2);
    expect((await rows('?outcome=denied')).items.map((row) => row.tool)).toEqual(['delete_everything']);
    expect((await rows('?tool=echo&user=bob')).items.map((row) => row.via)).toEqual(['direct']);
    expect((await rows('?server=tools')).items).toHaveLength(3);
    expect((await rows('?server=other')).items).toEqual([]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await rows(`?from=${tomorrow}`)).items).toEqual([]);
    expect((await rows(`?to=${tomorrow}`)).items).toHaveLength(3);
  });

  it('pages with limit and before', async () => {
    const first = await rows('?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).toBe(first.items[1].id);
    const second = await rows(`?limit=2&before=${first.next_cursor}`);
    expect(second.items.map((row) => row.user_name)).toEqual(['Alice']);
    expect(second.next_cursor).toBeNull();
  });

  it('refuses users (403) and queries it cannot read (400)', async () => {
    for (const who of ['alice', 'bob'] as const) {
      const refused = await gw[who].get('/audit');
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain('echo');
    }
    for (const query of [
      '?via=email',
      '?outcome=maybe',
      '?limit=0',
      '?limit=500',
      '?before=abc',
      '?from=soon',
      '?who=x',
    ]) {
      const refused = await gw.admin.get(`/audit${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.message, query).toMatch(/query/);
    }
  });
});
