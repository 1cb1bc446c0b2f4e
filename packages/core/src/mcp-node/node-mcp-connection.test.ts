import type { FetchLike } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, modernHandler, type RunningHttpServer } from '../../test/fixtures/http-servers.ts';
import { createTestServer } from '../../test/fixtures/test-mcp-server.ts';
import { McpClientPool, McpConnection } from '../node.ts';
import { NodeMcpClientPool, NodeMcpConnection } from './node-mcp-connection.ts';

const context = () => ({ signal: new AbortController().signal });

describe('NodeMcpConnection', () => {
  let handler: ReturnType<typeof modernHandler>;
  let server: RunningHttpServer;
  beforeAll(async () => {
    handler = modernHandler(() => createTestServer());
    server = await listen(handler.handle);
  });
  afterAll(async () => {
    await handler.close();
    await server.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reaches HTTP servers through its own pooled fetch, not the global one', async () => {
    const globalFetch = vi.spyOn(globalThis, 'fetch');
    const connection = new NodeMcpConnection({ name: 'ours', transport: { type: 'http', url: server.url } });
    expect((await connection.callTool('echo', { text: 'pooled' }, context())).text).toBe('pooled');
    expect(globalFetch).not.toHaveBeenCalled();
    await connection.close();
    expect(connection.info.status).toBe('closed');
  });

  it('uses the fetch it is given', async () => {
    const urls: string[] = [];
    const recording: FetchLike = (url, init) => {
      urls.push(String(url));
      return fetch(url, init);
    };
    const connection = new NodeMcpConnection({
      name: 'ours',
      transport: { type: 'http', url: server.url },
      fetch: recording,
    });
    expect((await connection.callTool('echo', { text: 'given' }, context())).text).toBe('given');
    expect(urls.length).toBeGreaterThanOrEqual(2);
    await connection.close();
  });

  it('is what the Node entry exports as McpConnection, and what its pool builds', async () => {
    expect(McpConnection).toBe(NodeMcpConnection);
    expect(McpClientPool).toBe(NodeMcpClientPool);
    const pool = new McpClientPool();
    const added = pool.add({ name: 'ours', transport: { type: 'http', url: server.url } });
    expect(added).toBeInstanceOf(NodeMcpConnection);
    expect((await pool.layers()).layers[0].tools.map((tool) => tool.name)).toContain('echo');
    await pool.close();
  });
});
