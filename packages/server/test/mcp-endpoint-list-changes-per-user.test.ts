import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startAuthorizationServer,
  type TestAuthorizationServer,
} from '../../servers/test/support/oidc-authorization-server.ts';
import { type ChangingMcpServer, startChangingMcpServer } from './support/changing-mcp-server.ts';
import { connectOAuthServer } from './support/connect-oauth-server.ts';
import { type ChangedList, connectEndpoint } from './support/mcp-endpoint-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';

const names = (items: Array<{ name: string }>) => items.map((item) => item.name);

/**
 * A server that authorizes each user with OAuth is reached through each user's own connection, so
 * a change heard on Alice's connection is hers: Bob, who sees the same registration but has not
 * connected it, must not hear of it.
 */
describe("/mcp forwards a change on a user's own connection to that user only", () => {
  let authorizationServer: TestAuthorizationServer;
  /** Authorizes each user (OAuth). */
  let diary: ChangingMcpServer;
  /** Shared by every user. */
  let weather: ChangingMcpServer;
  let gw: TestGateway;
  const clients: Client[] = [];

  beforeAll(async () => {
    authorizationServer = await startAuthorizationServer({ resourceScopes: 'mcp' });
    diary = await startChangingMcpServer({
      oauth: { issuer: authorizationServer.issuer, requiredScopes: ['mcp'] },
    });
    weather = await startChangingMcpServer();
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [
        { name: 'diary', url: diary.url, oauth: {} },
        { name: 'weather', url: weather.url },
      ],
      secretKey: randomBytes(32),
      allowPrivateNetworks: true,
    });
    const servers = (await gw.alice.get('/servers')).body.items as Array<{ id: string; name: string }>;
    const diaryId = servers.find((server) => server.name === 'diary')?.id;
    const { page } = await connectOAuthServer(gw.url, gw.alice, String(diaryId), 'alice');
    expect(page.status).toBe(200);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await gw?.close();
    await diary?.close();
    await weather?.close();
    await authorizationServer?.close();
  });

  for (const protocol of ['legacy', 'auto'] as const) {
    it(`Alice hears her diary's new tool; Bob, on the same stream as the next shared change, does not (${protocol})`, async () => {
      const heard = { alice: [] as ChangedList[], bob: [] as ChangedList[] };
      const connect = async (who: 'alice' | 'bob') => {
        const client = await connectEndpoint(gw.url, {
          key: KEYS[who],
          mode: 'aggregate',
          protocol,
          onListChanged: (list) => heard[who].push(list),
        });
        clients.push(client);
        return client;
      };
      const alice = await connect('alice');
      const bob = await connect('bob');
      expect(names((await alice.listTools()).tools)).toContain('diary_status');
      expect(names((await bob.listTools()).tools)).not.toContain('diary_status');
      // A shared change reaches both: both clients are listening from here on.
      weather.addResource(`radar_${protocol}`);
      await vi.waitFor(() => expect([heard.alice, heard.bob]).toEqual([['resources'], ['resources']]));

      diary.addTool(`entry_${protocol}`, 'Writes a diary entry.');
      await vi.waitFor(() => expect(heard.alice).toEqual(['resources', 'tools']));
      expect(names((await alice.listTools()).tools)).toContain(`diary_entry_${protocol}`);

      weather.addPrompt(`outlook_${protocol}`);
      await vi.waitFor(() => expect(heard.bob).toContain('prompts'));
      expect(heard.bob).toEqual(['resources', 'prompts']);
    });
  }
});
