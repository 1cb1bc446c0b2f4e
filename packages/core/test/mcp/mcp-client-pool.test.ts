import { InMemoryTransport } from '@modelcontextprotocol/client';
import { describe, expect, test, vi } from 'vitest';
import { McpClientPool } from '../../src/mcp/index.ts';
import type { McpLayer } from '../../src/types/layers.ts';
import type { McpToolClient } from '../../src/types/tool-call.ts';
import { createTestServer } from '../fixtures/test-mcp-server.ts';
import { callContext } from '../support/mcp-test-servers.ts';

function inMemory() {
  return {
    type: 'in-memory' as const,
    transport: async () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await createTestServer().connect(serverSide);
      return clientSide;
    },
  };
}

describe('McpClientPool', () => {
  test('loads every layer in parallel and reports the servers that failed', async () => {
    const pool = new McpClientPool();
    pool.add({ name: 'alpha', transport: inMemory() });
    pool.add({ name: 'beta', transport: inMemory() });
    pool.add({
      name: 'down',
      transport: { type: 'http', url: 'http://127.0.0.1:9/mcp' },
      connectTimeoutMs: 2_000,
    });
    const { layers, failures } = await pool.layers();
    expect(layers.map((layer) => layer.serverName)).toEqual(['alpha', 'beta']);
    expect(failures).toHaveLength(1);
    expect(failures[0].server).toBe('down');
    expect(failures[0].error.message).toContain('MCP server "down"');
    await pool.close();
  });

  test('hands the dispatcher a map of tool clients', async () => {
    const pool = new McpClientPool();
    pool.add({ name: 'alpha', transport: inMemory() });
    const clients: ReadonlyMap<string, McpToolClient> = pool.clients;
    const output = await clients.get('alpha')?.callTool('echo', { text: 'via pool' }, callContext());
    expect(output?.text).toBe('via pool');
    expect(pool.size).toBe(1);
    await pool.close();
    expect(pool.size).toBe(0);
  });

  test('refuses two servers of the same name', () => {
    const pool = new McpClientPool();
    pool.add({ name: 'alpha', transport: inMemory() });
    expect(() => pool.add({ name: 'alpha', transport: inMemory() })).toThrow(/already in the pool/);
  });

  test('forwards tool-list changes until the server is removed', async () => {
    const pool = new McpClientPool();
    const alpha = pool.add({ name: 'alpha', transport: inMemory() });
    await pool.layers();
    const updates: McpLayer[] = [];
    pool.onToolsChanged((layer) => updates.push(layer));
    await alpha.callTool('add_tool', { name: 'pool_tool' }, callContext());
    await vi.waitFor(() => expect(updates.at(-1)?.serverName).toBe('alpha'));
    expect(updates.at(-1)?.tools.map((tool) => tool.name)).toContain('pool_tool');
    expect(await pool.remove('alpha')).toBe(true);
    expect(alpha.info.status).toBe('closed');
    expect(await pool.remove('alpha')).toBe(false);
    await pool.close();
  });
});
