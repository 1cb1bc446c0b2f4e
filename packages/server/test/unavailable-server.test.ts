import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from './support/http-client.ts';
import { type QueuedModel, queuedModel } from './support/queued-model.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

describe('a server that never answers', () => {
  let silent: Server;
  let model: QueuedModel;
  let gw: TestGateway;

  beforeAll(async () => {
    // Accepts connections and never answers.
    silent = createServer(() => undefined).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    model = queuedModel();
    gw = await startTestGateway('pglite', { model, serverConnectTimeoutMs: 300 });
  });

  afterAll(async () => {
    await gw?.close();
    silent?.close();
  });

  it('is named to the user in the turn that goes without it', async () => {
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
    const registered = await gw.admin.post('/servers', { name: 'hanging', url });
    expect(registered.status).toBeLessThan(300);
    const { id } = (await gw.admin.post('/conversations', {})).body as { id: string };
    model.enqueue({ text: 'Hello.' });
    const events = await readSse(
      await gw.admin.fetch(`/conversations/${id}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ content: 'Hi' }),
      }),
    );
    const notices = events.filter(
      (event) => event.data.type === 'CUSTOM' && event.data.name === 'server_unavailable',
    );
    expect(notices.map((event) => event.data.value)).toEqual([
      {
        server: 'hanging',
        server_id: registered.body.id,
        reason: expect.stringMatching(/time/i),
        message: 'hanging is unavailable, so this reply goes without its tools',
      },
    ]);
    expect(events.at(-1)?.data.type).toBe('RUN_FINISHED');
  });
});
