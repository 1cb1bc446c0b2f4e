import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuedModel } from './support/queued-model.ts';
import { testBackends } from './support/test-database.ts';
import type { TestGateway } from './support/test-gateway.ts';
import { startQueuedGateway } from './support/tools-gateway.ts';

const TOOLS = [
  {
    name: 'search_products',
    description: 'Search the catalogue.',
    input_schema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  },
  { name: 'add_to_cart', description: 'Add a product to the cart.', input_schema: { type: 'object' } },
];

describe.each(testBackends())('the stateless proxy prompt (%s)', (backend) => {
  let model: QueuedModel;
  let gw: TestGateway;

  beforeAll(async () => {
    ({ model, gateway: gw } = await startQueuedGateway(backend));
  });

  afterAll(() => gw?.close());

  it('names only the tools it offers', async () => {
    model.enqueue({ text: 'Done.' });
    const reply = await gw.alice.post('/chat/v1/conversation', {
      messages: [{ role: 'user', content: 'Add milk to my cart' }],
      tools: TOOLS,
    });
    expect(reply.status).toBe(200);
    const request = model.requests.at(-1);
    const offered = new Set(request?.tools.map((tool) => tool.name));
    expect([...offered]).toEqual(['client_webmcp_search_products', 'client_webmcp_add_to_cart']);
    const named = request?.system.match(/\b[a-z0-9]+_(?:webmcp|mcp)_[a-z0-9_]+/g) ?? [];
    expect(named.filter((name) => !offered.has(name))).toEqual([]);
    expect(request?.system).not.toMatch(/search_tools|list_tools|discovery tools/);
  });
});
