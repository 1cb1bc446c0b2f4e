import { afterEach, describe, expect, it } from 'vitest';
import { queuedModel } from './support/queued-model.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe('readiness and draining on SIGTERM (gateway close)', () => {
  let gw: TestGateway | undefined;
  afterEach(async () => {
    await gw?.database.cleanup();
    gw = undefined;
  });

  it('answers /ready to any host, like /health, since probes address a replica by its IP', async () => {
    gw = await startTestGateway('pglite', { model: queuedModel() });
    const port = new URL(gw.url).port;
    for (const host of [`127.0.0.1:${port}`, `10.1.2.3:${port}`, 'gateway-replica-1']) {
      const response = await gw.gateway.fetch(new Request(`http://${host}/ready`));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ready' });
    }
    await gw.gateway.close();
  });

  it('lets a running turn finish within the drain bound, answering /ready 503 draining meanwhile', async () => {
    const model = queuedModel();
    gw = await startTestGateway('pglite', { model });
    const { id } = (await gw.alice.post('/conversations', {})).body;
    const release = gate();
    model.enqueue({ before: 'Almost ', wait: release.wait, reply: { text: 'done.' } });
    const turn = gw.alice.post(`/conversations/${id}/chat`, { content: 'Finish what you started' });
    await expect.poll(() => model.requests.length).toBe(1);

    const closed = gw.gateway.close({ drainMs: 600_000 });
    const ready = await gw.gateway.fetch(new Request(`${gw.url}/ready`));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not_ready', reason: 'draining' });
    release.open();
    await closed;

    const answer = await turn;
    expect(answer.body).toMatchObject({ success: true, stop_reason: 'end_turn' });
    expect(answer.body.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Almost done.' });
  });

  it('stops the turns still running when the drain bound passes, saving them as stopped', async () => {
    const model = queuedModel();
    gw = await startTestGateway('pglite', { model });
    const { id } = (await gw.alice.post('/conversations', {})).body;
    model.enqueue({
      before: 'Working',
      wait: new Promise<void>(() => undefined),
      reply: { text: 'never sent' },
    });
    const turn = gw.alice.post(`/conversations/${id}/chat`, { content: 'Take forever' });
    await expect.poll(() => model.requests.length).toBe(1);

    await gw.gateway.close({ drainMs: 50 });

    expect((await turn).body).toMatchObject({ success: true, stop_reason: 'aborted', message: 'Stopped' });
  });
});
