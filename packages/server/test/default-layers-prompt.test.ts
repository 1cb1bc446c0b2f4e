import { createAutoUiServer } from '@switchboard/autoui';
import { SHIPPED_SERVERS } from '@switchboard/servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueuedModel, queuedModel } from './support/queued-model.ts';
import { type ShippedForGateway, startShippedForGateway } from './support/shipped-for-gateway.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

describe("the gateway's default layers as the model sees them", () => {
  let shipped: ShippedForGateway;
  let model: QueuedModel;
  let gw: TestGateway;

  beforeAll(async () => {
    shipped = await startShippedForGateway(Object.keys(SHIPPED_SERVERS));
    model = queuedModel();
    gw = await startTestGateway('pglite', {
      model,
      ...shipped.gateway,
      extraLayers: [createAutoUiServer().layer()],
    });
  });
  afterAll(async () => {
    await gw?.close();
    await shipped?.close();
  });

  it('offers the shipped servers and the UI tools, with the display step, as `serve` sets them up', async () => {
    const { id } = (await gw.alice.post('/conversations', {})).body as { id: string };
    model.enqueue({ text: 'Hello.' });
    const reply = await gw.alice.post(`/conversations/${id}/chat`, { content: 'hello' });
    expect(reply.body).toMatchObject({ success: true });
    const [request] = model.requests;
    expect(request?.system).toContain(
      'STEP 4 — Display the results:\n  autoui_webmcp_widget_display(name, params) — show data as a widget\n',
    );
    expect(request?.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        'autoui_webmcp_widget_display',
        'autoui_webmcp_canvas',
        'autoui_webmcp_recall',
      ]),
    );
    // What a vendor is sent of each tool (its title and annotations are for the host's planner only).
    const sent = request?.tools.map(({ name, description, input_schema }) => ({
      name,
      description,
      input_schema,
    }));
    await expect(snapshotText(request?.system, sent)).toMatchFileSnapshot(
      './__snapshots__/default-layers-prompt.txt',
    );
  });
});

/** The prompt as the model reads it, then the tools as JSON: what the snapshot keeps byte for byte. */
function snapshotText(system: string | undefined, tools: unknown): string {
  return `${system}\n\n--- tools ---\n${JSON.stringify(tools, null, 2)}\n`;
}
