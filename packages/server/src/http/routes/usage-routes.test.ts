import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueuedModel, queuedModel } from '../../../test/support/queued-model.ts';
import { startTestGateway, type TestGateway } from '../../../test/support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from '../../../test/support/test-mcp-server.ts';

describe('GET /usage: totals, breakdowns by day, model, user and tool, everyone for administrators', () => {
  let mcp: TestMcpServer;
  let model: QueuedModel;
  let gw: TestGateway;

  beforeAll(async () => {
    model = queuedModel();
    mcp = await startTestMcpServer();
    gw = await startTestGateway('pglite', {
      model,
      // Picked as "house", recorded under the model's own id: 3 per million input tokens, 15 per million output tokens.
      models: [
        {
          id: 'house',
          label: 'House model',
          vendor: 'scripted',
          price: { input: 3, output: 15, currency: 'USD' },
          model,
        },
      ],
      servers: [{ name: 'tools', url: mcp.url }],
      limits: { requestsPerMinute: 1000 },
    });
    const chat = async (who: 'alice' | 'bob', text: string, withTool: boolean) => {
      const { body } = await gw[who].post('/conversations', {});
      if (withTool)
        model.enqueue({
          toolCalls: [{ id: `call_${text}`, name: 'tools_mcp_echo', input: { text } }],
          usage: { inputTokens: 1000, outputTokens: 100 },
        });
      model.enqueue({ text: `Done: ${text}`, usage: { inputTokens: 2000, outputTokens: 200 } });
      const reply = await gw[who].post(`/conversations/${body.id}/chat`, { content: text });
      expect(reply.status).toBe(200);
    };
    await chat('alice', 'one', true);
    await chat('alice', 'two', false);
    await chat('bob', 'three', true);
  });
  afterAll(async () => {
    await gw?.close();
    await mcp?.close();
  });

  it('answers the totals as before without parameters', async () => {
    const totals = (await gw.alice.get('/usage')).body;
    expect(totals).toEqual({
      turns: 2,
      input_tokens: 5000,
      output_tokens: 500,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
      model_calls: 3,
      tool_calls: 1,
    });
  });

  it("breaks the caller's usage down by day and model, with its cost at the model's price", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const byDay = (await gw.alice.get('/usage?by=day')).body;
    expect(byDay).toMatchObject({ by: 'day', user: 'alice' });
    expect(byDay.items).toHaveLength(1);
    // 5000 input tokens at 3 per million and 500 output tokens at 15 per million.
    expect(byDay.items[0]).toMatchObject({ key: today, turns: 2, input_tokens: 5000, output_tokens: 500 });
    expect(byDay.items[0].cost.amount).toBeCloseTo(0.0225, 10);
    expect(byDay.items[0].cost.currency).toBe('USD');
    expect(byDay.totals).toMatchObject({ turns: 2, tool_calls: 1 });

    const byModel = (await gw.alice.get('/usage?by=model')).body;
    expect(byModel.items.map((row: { key: string; name: string }) => [row.key, row.name])).toEqual([
      ['scripted:test', 'House model'],
    ]);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = (await gw.alice.get(`/usage?by=day&from=${tomorrow}`)).body;
    expect(later.items).toEqual([]);
    expect(later.totals.turns).toBe(0);
    expect((await gw.alice.get(`/usage?by=day&to=${today}`)).body.items).toHaveLength(1);
  });

  it("counts the caller's tool calls by tool, from the audit trail", async () => {
    await gw.gateway.services.endpointAudit.flush();
    const byTool = (await gw.alice.get('/usage?by=tool')).body;
    expect(byTool.items).toEqual([{ key: 'tools:echo', server: 'tools', tool: 'echo', calls: 1, not_ok: 0 }]);
  });

  it("gives administrators another user's usage and everyone's, by user", async () => {
    const bobs = (await gw.admin.get('/usage?by=model&user=bob')).body;
    expect(bobs).toMatchObject({ user: 'bob', totals: { turns: 1, input_tokens: 3000 } });
    const everyone = (await gw.admin.get('/usage?by=user&all=true')).body;
    expect(everyone.all).toBe(true);
    expect(
      everyone.items.map((row: { key: string; name: string; turns: number }) => [
        row.key,
        row.name,
        row.turns,
      ]),
    ).toEqual([
      ['alice', 'Alice', 2],
      ['bob', 'Bob', 1],
    ]);
    expect(everyone.totals.turns).toBe(3);
    const tools = (await gw.admin.get('/usage?by=tool&all=true')).body;
    expect(tools.items[0]).toMatchObject({ key: 'tools:echo', calls: 2 });
    expect((await gw.admin.get('/usage?user=nobody')).status).toBe(404);
  });

  it("refuses anyone else another user's usage or everyone's (403), and never shows it", async () => {
    for (const path of [
      '/usage?user=bob',
      '/usage?by=day&user=bob',
      '/usage?all=true',
      '/usage?by=user&all=true',
    ]) {
      const refused = await gw.alice.get(path);
      expect(refused.status, path).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain('3000');
    }
    expect((await gw.alice.get('/usage?by=user')).body.items.map((row: { key: string }) => row.key)).toEqual([
      'alice',
    ]);
    expect((await gw.alice.get('/usage?by=model&user=alice')).status).toBe(200);
  });

  it('answers a clear 400 for a query it cannot read', async () => {
    for (const path of [
      '/usage?by=week',
      '/usage?by=day&from=yesterday',
      '/usage?by=day&from=2026-02-30',
      '/usage?by=day&from=2026-03-02&to=2026-03-01',
      '/usage?by=day&by=model',
      '/usage?color=red',
      '/usage?all=true&user=alice',
    ]) {
      const refused = await gw.admin.get(path);
      expect(refused.status, path).toBe(400);
      expect(refused.body.error.message, path).toMatch(/query/);
    }
  });
});
