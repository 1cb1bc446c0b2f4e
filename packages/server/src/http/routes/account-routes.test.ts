import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/support/http-client.ts';
import { queuedModel } from '../../../test/support/queued-model.ts';
import { startTestGateway, type TestGateway } from '../../../test/support/test-gateway.ts';
import { startToolsGateway, type ToolsGateway } from '../../../test/support/tools-gateway.ts';

describe("POST /policy/preview: what a tool would get, as the gateway's call gate decides it", () => {
  let stack: ToolsGateway;
  let gw: TestGateway;
  let serverId: string;

  beforeAll(async () => {
    stack = await startToolsGateway('pglite');
    gw = stack.gateway;
    serverId = (await gw.admin.get('/servers')).body.items.find(
      (entry: { name: string }) => entry.name === 'tools',
    ).id;
  });
  afterAll(() => stack?.close());

  const preview = async (body: Record<string, unknown>) => {
    const reply = await gw.admin.post('/policy/preview', body);
    expect(reply.status).toBe(200);
    return reply.body as { action: string; subject: string };
  };
  const callEcho = () =>
    gw.alice.post(`/servers/${serverId}/tools/call`, { name: 'echo', arguments: { text: 'hi' } });

  it('answers what the gateway then enforces, under the policy in force', async () => {
    expect(await preview({ server: 'tools', tool: 'echo' })).toEqual({
      action: 'allow',
      subject: 'tools:echo',
    });
    expect((await callEcho()).status).toBe(200);

    await gw.admin.request('PUT', '/policy', { rules: [{ match: 'tools:ech*', action: 'deny' }] });
    expect(await preview({ server: 'tools', tool: 'echo' })).toMatchObject({ action: 'deny' });
    const refused = await callEcho();
    expect(refused.status).toBe(403);

    await gw.admin.request('PUT', '/policy', { rules: [{ match: '*:echo', action: 'ask' }] });
    expect(await preview({ server: 'tools', tool: 'echo' })).toMatchObject({ action: 'ask' });
    expect((await callEcho()).body.error.code).toBe('approval_required');
    await gw.admin.request('PUT', '/policy', {});
    expect((await callEcho()).status).toBe(200);
  });

  it('decides under a draft policy without changing the one in force, annotations included', async () => {
    const draft = { rules: [{ match: 'shop:*', action: 'ask' }], readOnly: 'allow', destructive: 'deny' };
    expect(await preview({ server: 'Shop', tool: 'buy', policy: draft })).toEqual({
      action: 'ask',
      subject: 'shop:buy',
    });
    const readOnly = { readOnlyHint: true };
    expect(
      await preview({ server: 'news', tool: 'read', annotations: readOnly, policy: draft }),
    ).toMatchObject({
      action: 'allow',
    });
    expect(
      await preview({ server: 'news', tool: 'wipe', annotations: { destructiveHint: true }, policy: draft }),
    ).toMatchObject({
      action: 'deny',
    });
    expect(
      await preview({ server: 'news', tool: 'wipe', annotations: { destructiveHint: true } }),
    ).toMatchObject({
      action: 'allow',
    });
  });

  it('refuses users (403) and bodies it cannot read (400)', async () => {
    expect((await gw.alice.post('/policy/preview', { server: 'tools', tool: 'echo' })).status).toBe(403);
    for (const body of [
      {},
      { server: 'tools' },
      { server: 'tools', tool: 'echo', policy: { rules: 'all' } },
    ]) {
      const refused = await gw.admin.post('/policy/preview', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('invalid_request');
    }
  });
});

describe('GET /me', () => {
  it('says when the caller is the local administrator of an open gateway', async () => {
    const open = await startTestGateway('pglite', {
      model: queuedModel(),
      users: [],
      openAccess: true,
      localToken: 'local-token-for-me',
    });
    try {
      expect((await apiClient(open.url, 'local-token-for-me').get('/me')).body).toEqual({
        id: 'local',
        name: 'Local user',
        role: 'admin',
        open_access: true,
      });
    } finally {
      await open.close();
    }
  });
});
