import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type HttpServing, serveHttp, startShop } from '@switchboard/servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAuthorizationServer,
  type TestAuthorizationServer,
} from '../../servers/test/support/oidc-authorization-server.ts';
import { connectOAuthServer } from './support/connect-oauth-server.ts';
import { queuedModel } from './support/queued-model.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

/**
 * A server that moves to another authorization server (SEP-2352): the shop behind one URL, its
 * tokens first from one real authorization server (oidc-provider), then from another. The user's
 * next connect reads the resource's metadata again, registers with the new server and gets its
 * tokens, instead of being sent back to the old one.
 */
describe('gateway authorization: a server moving to another authorization server', () => {
  let first: TestAuthorizationServer;
  let second: TestAuthorizationServer;
  let servings: HttpServing[];
  let front: Server;
  let gw: TestGateway;
  let shopId: string;
  let dataDir: string;
  let closeShop: () => Promise<void>;
  /** The shop serving behind the front URL: the one protected by the first server, then the second's. */
  let behind: HttpServing;

  beforeAll(async () => {
    [first, second] = await Promise.all([
      startAuthorizationServer({ resourceScopes: 'mcp' }),
      startAuthorizationServer({ resourceScopes: 'mcp' }),
    ]);
    front = createServer((incoming, outgoing) => {
      const target = new URL(behind.url);
      const forwarded = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const resource = `http://127.0.0.1:${(front.address() as AddressInfo).port}/mcp`;
    dataDir = await mkdtemp(join(tmpdir(), 'as-migration-'));
    const shop = await startShop({ dataDir });
    closeShop = () => shop.close();
    servings = await Promise.all(
      [first, second].map((server) =>
        serveHttp(shop.createServer, { oauth: { issuer: server.issuer, resource, requiredScopes: ['mcp'] } }),
      ),
    );
    behind = servings[0] as HttpServing;
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [{ name: 'shop', url: resource, oauth: {} }],
      secretKey: randomBytes(32),
    });
    const listed = (await gw.alice.get('/servers')).body.items as Array<{ id: string }>;
    shopId = (listed[0] as { id: string }).id;
  });
  afterAll(async () => {
    await gw?.close();
    front?.closeAllConnections();
    await new Promise<void>((resolve) => (front ? front.close(() => resolve()) : resolve()));
    for (const serving of servings ?? []) await serving.close();
    await closeShop?.();
    await Promise.all([first?.close(), second?.close()]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const getCart = () => gw.alice.post(`/servers/${shopId}/tools/call`, { name: 'get_cart', arguments: {} });

  it('registers with the new authorization server on the next connect and uses its tokens', async () => {
    const before = await connectOAuthServer(gw.url, gw.alice, shopId, 'alice');
    expect(before.url.origin).toBe(first.issuer);
    expect((await getCart()).status).toBe(200);

    behind = servings[1] as HttpServing;
    const refused = await getCart();
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('authorization_required');

    const after = await connectOAuthServer(gw.url, gw.alice, shopId, 'alice');
    expect(after.url.origin).toBe(second.issuer);
    expect(after.url.searchParams.get('client_id')).not.toBe(before.url.searchParams.get('client_id'));
    expect(await after.page.text()).toContain('is connected');
    const cart = await getCart();
    expect(cart.status).toBe(200);
    expect(JSON.parse(cart.body.content)).toMatchObject({ user: 'alice' });
  });
});
