import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEndpoint } from './support/mcp-endpoint-client.ts';
import { type QueuedModel, queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

/**
 * Findings 6 and 10 of the security review: administrators were served every user-registered
 * server in their own catalogs and at `/mcp` (a user's tool descriptions and results reached the
 * most privileged account's model, and its data could flow to that user's server), and server
 * views showed stdio arguments and URL query strings to everyone who could see a server.
 */
describe("a user's server reaches nobody else unless an administrator shares it", () => {
  let mcp: TestMcpServer;
  let gw: TestGateway;
  let model: QueuedModel;
  let alicesId: string;

  beforeAll(async () => {
    mcp = await startTestMcpServer();
    model = queuedModel();
    gw = await startTestGateway('pglite', {
      model,
      allowPrivateNetworks: true,
      servers: [
        {
          name: 'deployment-stdio',
          command: process.execPath,
          args: ['--secret-flag=hunter2'],
          cwd: '/srv/private',
        },
        { name: 'deployment-http', url: `${mcp.url}?api_key=hunter2` },
      ],
    });
    const registered = await gw.alice.post('/servers', { name: 'alices-notes', url: mcp.url });
    expect(registered.status).toBe(201);
    alicesId = registered.body.id;
  });
  afterAll(async () => {
    await gw?.close();
    await mcp?.close();
  });

  /** What the model is offered in one turn of `client`: its tool names and system prompt. */
  const offered = async (client: TestGateway['admin']) => {
    const { id } = (await client.post('/conversations', {})).body as { id: string };
    model.enqueue({ text: 'ok' });
    const before = model.requests.length;
    expect((await client.post(`/conversations/${id}/chat`, { content: 'hello' })).status).toBe(200);
    const request = model.requests[before];
    return `${request.tools.map((tool) => tool.name).join(' ')}\n${request.system ?? ''}`;
  };
  const endpointTools = async (key: string) => {
    const client = await connectEndpoint(gw.url, { key, mode: 'aggregate' });
    try {
      return (await client.listTools()).tools.map((tool) => tool.name);
    } finally {
      await client.close();
    }
  };
  const names = async (client: TestGateway['admin'], query = '') =>
    ((await client.get(`/servers${query}`)).body.items as Array<{ name: string }>).map((row) => row.name);

  it("keeps alice's server out of the administrator's list, turns and /mcp, and out of bob's", async () => {
    expect(await names(gw.alice)).toContain('alices-notes');
    expect(await names(gw.admin)).not.toContain('alices-notes');
    expect(await names(gw.bob)).not.toContain('alices-notes');
    expect(await offered(gw.admin)).not.toMatch(/alices_notes/);
    expect((await endpointTools(KEYS.admin)).some((name) => name.startsWith('alices_notes'))).toBe(false);
    expect((await endpointTools(KEYS.alice)).some((name) => name.startsWith('alices_notes'))).toBe(true);
    expect((await gw.bob.get(`/servers/${alicesId}`)).status).toBe(404);
    expect(
      (await gw.bob.post(`/servers/${alicesId}/tools/call`, { name: 'echo', arguments: {} })).status,
    ).toBe(404);
    expect(
      (await gw.admin.post(`/servers/${alicesId}/tools/call`, { name: 'echo', arguments: {} })).status,
    ).toBe(404);
  });

  it('lets the administrator manage it (list all, view, share) and, once shared, everyone uses it', async () => {
    expect((await gw.bob.get('/servers?all=true')).status).toBe(403);
    expect(await names(gw.admin, '?all=true')).toContain('alices-notes');
    expect((await gw.admin.get(`/servers/${alicesId}`)).body).toMatchObject({
      owner: 'alice',
      shared: false,
    });
    expect((await gw.alice.patch(`/servers/${alicesId}`, { shared: true })).status).toBe(403);
    const shared = await gw.admin.patch(`/servers/${alicesId}`, { shared: true });
    expect(shared.status).toBe(200);
    expect(shared.body.shared).toBe(true);
    expect(await names(gw.bob)).toContain('alices-notes');
    expect(await offered(gw.admin)).toMatch(/alices_notes/);
    await gw.admin.patch(`/servers/${alicesId}`, { shared: false });
    expect(await names(gw.bob)).not.toContain('alices-notes');
  });

  it('shows stdio arguments, working directories and URL query values only to those who manage a server', async () => {
    const seenByBob = JSON.stringify((await gw.bob.get('/servers')).body);
    expect(seenByBob).not.toContain('hunter2');
    expect(seenByBob).not.toContain('/srv/private');
    expect(seenByBob).toContain('api_key=***');
    const seenByAdmin = JSON.stringify((await gw.admin.get('/servers')).body);
    expect(seenByAdmin).toContain('--secret-flag=hunter2');
  });
});
