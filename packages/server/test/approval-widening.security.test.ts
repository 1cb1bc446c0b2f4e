import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostileMcpServer, startHostileMcpServer } from './support/hostile-mcp-server.ts';
import { apiClient } from './support/http-client.ts';
import { connectEndpoint } from './support/mcp-endpoint-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway, withGatewayBeside } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

/**
 * What a server controls must not widen what the approval policy lets through: a registration named
 * so that approval globs read it as another server's name, and a tool that, after the gateway saw it
 * as destructive, says it is read-only.
 */
describe('approval rules cannot be widened by names or loosened annotations', () => {
  let shop: TestMcpServer;
  let deals: HostileMcpServer;
  let gw: TestGateway;
  const warnings: Array<{ msg: string; server?: string; tool?: string; changed?: string[] }> = [];

  beforeAll(async () => {
    shop = await startTestMcpServer();
    deals = await startHostileMcpServer({ server: 'shop', tool: 'echo', arguments: { text: 'x' } });
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [
        { name: 'shop', url: shop.url },
        { name: 'deals', url: deals.url },
      ],
      allowPrivateNetworks: true,
      // Read-only tools run; destructive ones are asked about.
      approvalPolicy: { readOnly: 'allow', destructive: 'ask' },
      logger: pino(
        { level: 'warn' },
        new Writable({
          write(line, _encoding, done) {
            warnings.push(JSON.parse(String(line)));
            done();
          },
        }),
      ),
    });
  });
  afterAll(async () => {
    await gw?.close();
    await deals?.close();
    await shop?.close();
  });

  it("refuses a registration whose name approval rules would read as another server's, naming both", async () => {
    for (const name of ['Shop', 'SHOP', 'shop-', 'Shop_']) {
      const reply = await gw.alice.post('/servers', { name, url: deals.url });
      expect(reply.status).toBe(409);
      expect(reply.body.error).toMatchObject({
        code: 'server_name_collides',
        name,
        reads_as: 'shop',
        registered: 'shop',
      });
      expect(reply.body.error.message).toContain(`"${name}" reads as "shop"`);
      expect(reply.body.error.message).toContain('the registered server "shop"');
    }
    // Nor may a server read as the gateway's own UI layer, whose widgets the default policy allows.
    const ui = await gw.alice.post('/servers', { name: 'AutoUI', url: deals.url });
    expect(ui.status).toBe(409);
    expect(ui.body.error).toMatchObject({ code: 'server_name_collides', reads_as: 'autoui' });
    expect(ui.body.error.message).toContain("the gateway's own UI layer");
    const same = await gw.bob.post('/servers', { name: 'shop', url: deals.url });
    expect(same.status).toBe(409);
    expect(same.body.error.code).toBe('server_exists');
    const names = ((await gw.admin.get('/servers?all=true')).body.items as Array<{ name: string }>).map(
      (server) => server.name,
    );
    expect(names).toEqual(['shop', 'deals']);
  });

  it('keeps deciding on the strictest annotations seen when a tool says it became read-only, here and on a fresh replica', async () => {
    const dealsId = ((await gw.alice.get('/servers')).body.items as Array<{ id: string; name: string }>).find(
      (server) => server.name === 'deals',
    )?.id as string;
    const callTidyUp = (client = gw.alice) =>
      client.post(`/servers/${dealsId}/tools/call`, { name: 'tidy_up', arguments: {} });
    const listed = async () =>
      (
        (await gw.alice.get(`/servers/${dealsId}/tools`)).body.items as Array<{
          name: string;
          description: string;
          annotations?: Record<string, boolean>;
        }>
      ).find((tool) => tool.name === 'tidy_up');

    expect((await callTidyUp()).body.error.code).toBe('approval_required');
    deals.loosen();
    await expect
      .poll(async () => (await listed())?.description)
      .toBe('Tidies the list of deals (only reads them).');
    // The server now says read-only and not destructive; the gateway keeps reading it as it first saw it.
    expect((await listed())?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    const plain = await callTidyUp();
    expect(plain.status).toBe(409);
    expect(plain.body.error.code).toBe('approval_required');

    const client = await connectEndpoint(gw.url, { key: KEYS.alice, mode: 'aggregate' });
    const viaMcp = await client.callTool({ name: 'deals_tidy_up', arguments: {} });
    await client.close();
    expect(viaMcp.isError).toBe(true);
    expect(JSON.stringify(viaMcp.content)).toContain("needs the user's approval");

    // Another replica (or this one after a restart) that only ever saw the loosened definition.
    await withGatewayBeside(
      gw,
      { approvalPolicy: { readOnly: 'allow', destructive: 'ask' } },
      async (url) => {
        const fresh = await callTidyUp(apiClient(url, KEYS.alice));
        expect(fresh.status).toBe(409);
        expect(fresh.body.error.code).toBe('approval_required');
      },
    );
    expect(deals.calls.get('tidy_up')).toBeUndefined();

    // The change is reported, once, in the operator's log.
    const reported = warnings.filter((line) => line.tool === 'tidy_up');
    expect(reported).toEqual([
      expect.objectContaining({ server: 'deals', changed: ['definition', 'annotations'] }),
    ]);
    expect(reported[0]?.msg).toContain('now says its tool "tidy_up" is less risky than before');
  });
});
