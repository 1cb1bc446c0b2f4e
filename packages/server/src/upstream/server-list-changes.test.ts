import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { McpConnection } from '@switchboard/core/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangingMcpServer, startChangingMcpServer } from '../../test/support/changing-mcp-server.ts';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import type { Database } from '../storage/database.ts';
import { insertServer, type ServerRow, setServerEnabled } from '../store/server-store.ts';
import { ServerRegistry } from './server-registry.ts';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

const alice = { id: 'alice', name: 'Alice', role: 'user' as const };

/** Whether what `ref` points to is collected once nothing else keeps it (a few full collections). */
async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let round = 0; round < 20 && ref.deref() !== undefined; round++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    gc();
  }
  return ref.deref() === undefined;
}

/** The registry's list-change watching keeps no connection it closed. */
describe('ServerListChanges: a closed connection is no longer watched', () => {
  let db: Database;
  let tools: ChangingMcpServer;
  let registry: ServerRegistry;
  let row: ServerRow;

  beforeAll(async () => {
    db = await openTestPglite();
    tools = await startChangingMcpServer();
    ({ row } = (await insertServer(db, {
      name: 'tools',
      ownerId: null,
      transport: { type: 'http', url: tools.url },
    })) as { row: ServerRow });
    registry = new ServerRegistry({ db, bus: createMemoryBus(), connectTimeoutMs: 5_000 });
    await registry.start();
  });
  afterAll(async () => {
    await registry.close();
    await tools.close();
    await db.close();
  });

  /** The shared connection to the server, connected (its tools listed), known only through a weak reference. */
  async function connected(): Promise<WeakRef<McpConnection>> {
    await registry.tools(row, alice);
    const connection = await registry.connection(row, alice);
    if (!(connection instanceof McpConnection)) throw new Error(connection.unavailable);
    return new WeakRef(connection);
  }

  it('lets a stopped server’s closed connection go, and watches the next one', async () => {
    const first = await connected();
    await setServerEnabled(db, row.id, false);
    await registry.sync(true);
    expect(first.deref()?.info.status ?? 'closed').toBe('closed');
    expect(await collected(first)).toBe(true);

    // Started again: the new connection is watched, its server's changes told.
    row = (await setServerEnabled(db, row.id, true)) as ServerRow;
    await registry.sync(true);
    await connected();
    const told = new Promise<string>((resolve) => {
      const stop = registry.onListChanged((change) => {
        if (change.list !== 'tools' || change.source !== 'connection') return;
        stop();
        resolve(change.row.name);
      });
    });
    tools.addTool('extra', 'One more tool.');
    expect(await told).toBe('tools');
  });
});
