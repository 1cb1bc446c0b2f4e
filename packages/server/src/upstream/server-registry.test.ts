import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import { startTestMcpServer, type TestMcpServer } from '../../test/support/test-mcp-server.ts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import type { Database } from '../storage/database.ts';
import { insertServer } from '../store/server-store.ts';
import { ServerRegistry } from './server-registry.ts';

const alice = { id: 'alice', name: 'Alice', role: 'user' as const };
const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('ServerRegistry', () => {
  let db: Database;
  let tools: TestMcpServer;
  let silent: Server;
  let registry: ServerRegistry;

  beforeAll(async () => {
    db = await openTestPglite();
    tools = await startTestMcpServer();
    // Accepts connections and never answers: a server that hangs.
    silent = createServer(() => undefined).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const hangingUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
    await insertServer(db, { name: 'tools', ownerId: null, transport: { type: 'http', url: tools.url } });
    await insertServer(db, { name: 'hanging', ownerId: null, transport: { type: 'http', url: hangingUrl } });
    registry = new ServerRegistry({
      db,
      bus: createMemoryBus(),
      // Long enough for the answering server on a loaded machine; the hanging one waits it out.
      connectTimeoutMs: 2_000,
      retryAfterMs: 60_000,
    });
    await registry.start();
  });

  afterAll(async () => {
    await registry.close();
    silent.close();
    await tools.close();
    await db.close();
  });

  it('gives a turn the servers that answer and skips one that hangs once the deadline passes', async () => {
    const { layers, unavailable } = await registry.toolsFor(alice, []);
    expect(layers.map((layer) => layer.serverName)).toEqual(['tools']);
    expect(unavailable.map(({ row, reason }) => [row.name, reason])).toEqual([
      ['hanging', expect.stringMatching(/time/i)],
    ]);
    const hanging = (await registry.usable(alice)).find((row) => row.name === 'hanging');
    expect(await registry.view(alice, hanging as NonNullable<typeof hanging>)).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/time/i),
    });
  });

  it('leaves no timer behind once the layers are ready', async () => {
    await registry.toolsFor(alice, []);
    const before = timers();
    for (let turn = 0; turn < 5; turn++) await registry.toolsFor(alice, []);
    expect(timers()).toBe(before);
  });
});
