import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueuedModel, queuedModel } from './support/queued-model.ts';
import { type ShippedForGateway, startShippedForGateway } from './support/shipped-for-gateway.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

describe('shipped servers serve each gateway user apart', () => {
  let shipped: ShippedForGateway;
  let model: QueuedModel;
  let gw: TestGateway;

  beforeAll(async () => {
    shipped = await startShippedForGateway(['shop']);
    model = queuedModel();
    gw = await startTestGateway('pglite', {
      model,
      ...shipped.gateway,
    });
  });
  afterAll(async () => {
    await gw?.close();
    await shipped?.close();
  });

  it('keeps carts per user in turns and direct calls, whatever user a model names', async () => {
    const turn = async (client: TestGateway['alice'], input: Record<string, unknown>) => {
      const { id } = (await client.post('/conversations', {})).body as { id: string };
      model.enqueue(
        { toolCalls: [{ id: `call_${Math.random()}`, name: 'shop_mcp_add_to_cart', input }] },
        { text: 'Added.' },
      );
      const reply = await client.post(`/conversations/${id}/chat`, { content: 'Add milk to my cart' });
      expect(reply.body).toMatchObject({ success: true, stop_reason: 'end_turn' });
    };
    await turn(gw.alice, { code: 'DAI-001', quantity: 2 });
    // Bob's model tries to fill Alice's cart by naming her.
    await turn(gw.bob, { code: 'DAI-001', quantity: 1, user: 'alice' });

    const shop = ((await gw.alice.get('/servers')).body.items as Array<{ id: string; name: string }>).find(
      (server) => server.name === 'shop',
    );
    const cartOf = async (client: TestGateway['alice']) => {
      const reply = await client.post(`/servers/${shop?.id}/tools/call`, {
        name: 'get_cart',
        arguments: { user: 'alice' },
      });
      expect(reply.status).toBe(200);
      return (JSON.parse(reply.body.content) as { items: Array<{ code: string; quantity: number }> }).items;
    };
    expect(await cartOf(gw.alice)).toEqual([expect.objectContaining({ code: 'DAI-001', quantity: 2 })]);
    expect(await cartOf(gw.bob)).toEqual([expect.objectContaining({ code: 'DAI-001', quantity: 1 })]);
  });
});
