import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedAppServer } from '../../../apps/web/test/support/start-published-app-server.ts';
import { startServerEverything } from '../../../apps/web/test/support/start-server-everything.ts';
import { readSse, type SseMessage } from './support/http-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

/** A direct tool call (the app's Tools tab) whose server asks the person for a form: the published server-everything. */
describe('direct tool calls: a form the server asks for reaches the caller (server-everything)', () => {
  let everything: PublishedAppServer;
  let gw: TestGateway;
  let serverId: string;

  beforeAll(async () => {
    everything = await startServerEverything();
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [{ name: 'everything', url: everything.url }],
    });
    serverId = ((await gw.alice.get('/servers')).body.items as Array<{ id: string }>)[0].id;
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await everything?.stop();
  });

  const named = (messages: SseMessage[], name: string) =>
    messages.filter((message) => message.data.type === 'CUSTOM' && message.data.name === name);

  it('streams the request, takes the answer by id from the caller only, and ends with the result', async () => {
    let answered: Promise<unknown> = Promise.resolve();
    let stranger: Promise<{ status: number }> | undefined;
    const messages = await readSse(
      await gw.alice.fetch(`/servers/${serverId}/tools/call`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ name: 'trigger-elicitation-request', arguments: {} }),
      }),
      (message) => {
        if (message.data.type === 'CUSTOM' && message.data.name === 'elicitation_request') {
          const path = `/servers/tool-calls/elicitations/${message.data.value.requestId}`;
          stranger = gw.bob.post(path, { action: 'decline' });
          answered = stranger.then(() =>
            gw.alice.post(path, { action: 'accept', content: { name: 'Ada Lovelace' } }),
          );
        }
        return false;
      },
    );
    expect((await stranger)?.status).toBe(404);
    expect(await answered).toMatchObject({ status: 200, body: { success: true } });

    const [request] = named(messages, 'elicitation_request');
    expect(request.data.value).toMatchObject({ server: 'everything', mode: 'form' });
    expect(named(messages, 'elicitation_resolved')[0].data.value).toMatchObject({ action: 'accept' });
    const [result] = named(messages, 'tool_call_result');
    expect(result.data.value).toMatchObject({ success: true, is_error: false });
    expect(result.data.value.content).toContain('Name: Ada Lovelace');

    const again = await gw.alice.post(`/servers/tool-calls/elicitations/${request.data.value.requestId}`, {
      action: 'cancel',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('request_closed');
  });

  it('refuses an answer for a request nobody asked', async () => {
    const late = await gw.alice.post('/servers/tool-calls/elicitations/el_gone', { action: 'cancel' });
    expect(late.status).toBe(404);
    expect(late.body.error.code).toBe('unknown_request');
  });
});
