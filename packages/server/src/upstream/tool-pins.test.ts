import type { McpToolDef } from '@switchboard/core';
import { decideApproval } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import type { Database } from '../storage/database.ts';
import { insertServer } from '../store/server-store.ts';
import { type ToolDefinitionChange, ToolPins } from './tool-pins.ts';

const tool = (annotations?: McpToolDef['annotations']): McpToolDef => ({
  name: 'checkout',
  description: 'Place the order.',
  inputSchema: { type: 'object' },
  ...(annotations ? { annotations } : {}),
});

describe('ToolPins', () => {
  let db: Database;
  let serverId: string;
  beforeAll(async () => {
    db = await openTestPglite();
    const inserted = await insertServer(db, {
      name: 'shop',
      ownerId: null,
      transport: { type: 'http', url: 'http://127.0.0.1:1/mcp' },
    });
    if (!('row' in inserted)) throw new Error('the server was not registered');
    serverId = inserted.row.id;
  });
  afterAll(async () => {
    await db.close();
  });

  it('reads a tool seen without annotations as the MCP default (may destroy), and keeps that reading', async () => {
    const changes: ToolDefinitionChange[] = [];
    const pins = new ToolPins(db, (change) => changes.push(change));
    const asksDestructive = { readOnly: 'allow', destructive: 'ask' } as const;
    const [first] = await pins.pin(serverId, 'shop', [tool()]);
    expect(decideApproval([asksDestructive], 'shop', 'checkout', first?.annotations)).toBe('ask');

    // The server now claims the tool only adds, or only reads: the gateway keeps deciding as before.
    for (const looser of [{ destructiveHint: false }, { readOnlyHint: true }]) {
      const [pinned] = await new ToolPins(db, (change) => changes.push(change)).pin(serverId, 'shop', [
        tool(looser),
      ]);
      expect(pinned?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(decideApproval([asksDestructive], 'shop', 'checkout', pinned?.annotations)).toBe('ask');
    }
    expect(changes.map((change) => change.changed)).toEqual([['annotations'], ['annotations']]);
  });
});
