import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directShippingCall } from './support/direct-shipping-call.ts';
import { queuedModel } from './support/queued-model.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

/** The gateway's tool timeout here: far shorter than the person takes to answer. */
const TOOL_TIMEOUT_MS = 300;
/** How long the person takes to answer the form. */
const PERSON_MS = 1_000;

/** A direct tool call (the Tools tab) under `limits.toolTimeoutMs`, whose server may ask the person. */
describe('direct tool calls: the tool timeout waits while the person answers', () => {
  let mcp: TestMcpServer;
  let gw: TestGateway;

  beforeAll(async () => {
    mcp = await startTestMcpServer();
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [{ name: 'tools', url: mcp.url }],
      limits: { toolTimeoutMs: TOOL_TIMEOUT_MS },
    });
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await mcp?.close();
  });

  it('a form answered after the tool timeout completes the call with the server’s result', async () => {
    let answered: Promise<{ status: number }> | undefined;
    const messages = await directShippingCall(gw.alice, (requestId) => {
      answered = new Promise((resolve) => setTimeout(resolve, PERSON_MS)).then(() =>
        gw.alice.post(`/servers/tool-calls/elicitations/${requestId}`, {
          action: 'accept',
          content: { city: 'Lyon' },
        }),
      );
    });
    expect((await answered)?.status).toBe(200);
    const ends = messages.filter(
      (message) =>
        message.data.type === 'CUSTOM' &&
        (message.data.name === 'tool_call_result' || message.data.name === 'tool_call_error'),
    );
    expect(ends.map((message) => message.data.name)).toEqual(['tool_call_result']);
    expect(ends[0].data.value).toMatchObject({ success: true, content: 'shipping to Lyon, express false' });
  });

  it('a call whose server hangs without asking still fails at the tool timeout', async () => {
    const servers = (await gw.alice.get('/servers')).body.items as Array<{ id: string; name: string }>;
    const toolsId = servers.find((server) => server.name === 'tools')?.id;
    const call = await gw.alice.post(`/servers/${toolsId}/tools/call`, {
      name: 'block',
      arguments: { key: 'never released' },
    });
    expect(call.status).toBe(502);
    expect(call.body.error.code).toBe('tool_call_failed');
  });
});
