import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAutoUiServer } from '@switchboard/autoui';
import { SHIPPED_SERVERS } from '@switchboard/servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShippedServers, startShippedServers } from '../src/cli/start-shipped-servers.ts';
import { type QueuedModel, queuedModel } from './support/queued-model.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

describe("the gateway's default layers as the model sees them", () => {
  let dataDir: string;
  let shipped: RunningShippedServers;
  let model: QueuedModel;
  let gw: TestGateway;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'switchboard-default-layers-'));
    shipped = await startShippedServers(Object.keys(SHIPPED_SERVERS), dataDir);
    model = queuedModel();
    gw = await startTestGateway('pglite', {
      model,
      servers: shipped.seeds,
      builtins: shipped.builtins,
      builtinFetch: shipped.fetch,
      extraLayers: [createAutoUiServer().layer()],
    });
  });
  afterAll(async () => {
    await gw?.close();
    await shipped?.close();
    await rm(dataDir, { recursive: true, force: true });
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
    await expect(snapshotText(request?.system, request?.tools)).toMatchFileSnapshot(
      './__snapshots__/default-layers-prompt.txt',
    );
  });
});

/** The prompt as the model reads it, then the tools as JSON: what the snapshot keeps byte for byte. */
function snapshotText(system: string | undefined, tools: unknown): string {
  return `${system}\n\n--- tools ---\n${JSON.stringify(tools, null, 2)}\n`;
}
