import type { FetchLike } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { McpConnection, McpConnectionError, type McpConnectionOptions } from '../../src/mcp/index.ts';
import { NodeMcpConnection } from '../../src/mcp-node/node-mcp-connection.ts';
import type { McpLayer } from '../../src/types/layers.ts';
import {
  listen,
  type McpNodeHandler,
  modernHandler,
  type RunningHttpServer,
  sessionfulHandler,
} from '../fixtures/http-servers.ts';
import { BIG_TEXT_BYTES, createTestServer, createTestServerState } from '../fixtures/test-mcp-server.ts';
import { callContext } from '../support/mcp-test-servers.ts';

/** Every test runs over Node's global fetch (the browser-safe connection) and over createNodeFetch (the Node one). */
const flavors = [
  { fetch: 'the global fetch', Connection: McpConnection },
  { fetch: 'createNodeFetch', Connection: NodeMcpConnection },
];

describe.each(flavors)('McpConnection over $fetch', ({ Connection }) => {
  const connections: McpConnection[] = [];
  function connect(options: Omit<McpConnectionOptions, 'name'> & { name?: string }): McpConnection {
    const connection = new Connection({ name: 'ours', timeoutMs: 5_000, ...options });
    connections.push(connection);
    return connection;
  }
  afterEach(async () => {
    await Promise.all(connections.splice(0).map((connection) => connection.close()));
  });

  describe('2025-era Streamable HTTP server with sessions', () => {
    const state = createTestServerState();
    let handler: McpNodeHandler;
    let server: RunningHttpServer;
    beforeAll(async () => {
      handler = sessionfulHandler(() => createTestServer({ state }));
      server = await listen(handler.handle);
    });
    afterAll(async () => {
      await server.close();
      await handler.close();
    });

    test('lists every tool and builds the layer', async () => {
      const connection = connect({ transport: { type: 'http', url: server.url } });
      const layer = await connection.layer();
      expect(layer).toMatchObject({
        protocol: 'mcp',
        serverName: 'ours',
        serverUrl: server.url,
        description: 'Test tools for Switchboard: echo, add, slow, fail, big.',
      });
      expect(layer.tools.map((tool) => tool.name)).toEqual([
        'echo',
        'add',
        'slow',
        'fail',
        'big',
        'add_tool',
      ]);
      expect(layer.tools[0]).toMatchObject({
        name: 'echo',
        title: 'Echo',
        description: 'Returns the text it was given.',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        annotations: { readOnlyHint: true, idempotentHint: true },
        _meta: { 'switchboard/test': true },
      });
      expect(connection.info).toMatchObject({
        status: 'connected',
        transport: 'streamable-http',
        protocolVersion: '2025-11-25',
        serverInfo: { name: 'switchboard-test' },
      });
    });

    test('calls tools: text, structured content, isError and a 5 MB result', async () => {
      const connection = connect({ transport: { type: 'http', url: server.url } });
      expect(await connection.callTool('echo', { text: 'hello' }, callContext())).toEqual({
        text: 'hello',
        isError: false,
      });
      expect(await connection.callTool('add', { a: 2, b: 40 }, callContext())).toEqual({
        text: '{"sum":42}',
        isError: false,
        value: { sum: 42 },
      });
      expect(await connection.callTool('fail', { message: 'no luck' }, callContext())).toEqual({
        text: 'no luck',
        isError: true,
      });
      const big = await connection.callTool('big', {}, callContext());
      expect(big.text.length).toBe(BIG_TEXT_BYTES);
    });

    test('reports progress, which keeps a long call alive past the per-call timeout', async () => {
      const connection = connect({ transport: { type: 'http', url: server.url }, timeoutMs: 1_000 });
      const context = callContext();
      const output = await connection.callTool('slow', { ms: 1_500, steps: 10 }, context);
      expect(output.text).toBe('slept 1500 ms');
      // The last notification may race the result (the SDK drops progress after the response).
      expect(context.progress.length).toBeGreaterThanOrEqual(9);
      expect(context.progress[8]).toEqual({ progress: 9, total: 10, message: 'step 9 of 10' });
    });

    test('a call without an answer in time rejects with a clear timeout, and the next call works', async () => {
      const connection = connect({ transport: { type: 'http', url: server.url }, timeoutMs: 500 });
      const error = await connection.callTool('slow', { ms: 5_000, steps: 1 }, callContext()).catch((e) => e);
      expect(error).toBeInstanceOf(McpConnectionError);
      expect(error).toMatchObject({ kind: 'timeout', server: 'ours', tool: 'slow' });
      expect(error.message).toContain(`MCP server "ours" (${server.url}): calling tool "slow" failed`);
      expect(error.message).toContain('no answer within 500 ms');
      expect((await connection.callTool('echo', { text: 'still here' }, callContext())).text).toBe(
        'still here',
      );
    });

    test('aborting the signal cancels the call on the server', async () => {
      const connection = connect({ transport: { type: 'http', url: server.url } });
      const controller = new AbortController();
      const context = callContext(controller.signal);
      context.onProgress = () => controller.abort(new Error('user pressed stop'));
      const cancelledBefore = state.cancelledCalls;
      const error = await connection.callTool('slow', { ms: 5_000, steps: 50 }, context).catch((e) => e);
      expect(error).toMatchObject({ kind: 'cancelled', tool: 'slow' });
      expect(error.message).toContain('cancelled (user pressed stop)');
      await vi.waitFor(() => expect(state.cancelledCalls).toBe(cancelledBefore + 1));
      expect((await connection.callTool('echo', { text: 'after' }, callContext())).text).toBe('after');
    });

    test('an already aborted signal rejects without calling the server', async () => {
      const connection = connect({ transport: { type: 'http', url: server.url } });
      const controller = new AbortController();
      controller.abort();
      await expect(
        connection.callTool('echo', { text: 'x' }, callContext(controller.signal)),
      ).rejects.toMatchObject({
        kind: 'cancelled',
      });
      expect(connection.info.status).toBe('idle');
    });

    test('an unknown tool rejects with the server error', async () => {
      const connection = connect({ transport: { type: 'http', url: server.url } });
      const error = await connection.callTool('nope', {}, callContext()).catch((e) => e);
      expect(error).toMatchObject({ kind: 'server_error', tool: 'nope' });
      expect(error.message).toMatch(
        /calling tool "nope" failed: the server answered with JSON-RPC error -32602: .*nope/,
      );
    });

    test('lists and reads resources', async () => {
      const connection = connect({ transport: { type: 'http', url: server.url } });
      const resources = await connection.listResources();
      expect(resources.map((resource) => resource.uri)).toEqual(['test://greeting']);
      const read = await connection.readResource('test://greeting');
      expect(read.contents[0]).toMatchObject({ uri: 'test://greeting', text: 'Hello from the test server' });
    });

    test('tools/list_changed refreshes the layer and tells the subscribers', async () => {
      const connection = connect({ transport: { type: 'http', url: server.url } });
      await connection.layer();
      const updates: McpLayer[] = [];
      connection.onToolsChanged((layer) => updates.push(layer));
      await connection.callTool('add_tool', { name: 'fresh_http_tool' }, callContext());
      await vi.waitFor(() =>
        expect(updates.at(-1)?.tools.map((tool) => tool.name)).toContain('fresh_http_tool'),
      );
      expect((await connection.layer()).tools.map((tool) => tool.name)).toContain('fresh_http_tool');
    });

    test('sends the configured headers through the injected fetch', async () => {
      const seen: string[] = [];
      const countingFetch: FetchLike = (url, init) => {
        seen.push(new Headers(init?.headers).get('x-api-key') ?? '');
        return fetch(url, init);
      };
      const connection = connect({
        transport: { type: 'http', url: server.url },
        fetch: countingFetch,
        headers: { 'x-api-key': 'secret-1' },
      });
      await connection.callTool('echo', { text: 'hi' }, callContext());
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(new Set(seen)).toEqual(new Set(['secret-1']));
    });
  });

  describe('server restarts and outages', () => {
    test('the next call after a restart reconnects transparently; a call while down fails clearly', async () => {
      // The listening socket stays; the handler behind it is replaced, as when a server restarts behind a proxy.
      let handler = sessionfulHandler(() => createTestServer());
      let server = await listen((req, res) => handler.handle(req, res));
      const { port, url } = server;
      const connection = connect({ transport: { type: 'http', url } });
      expect((await connection.callTool('echo', { text: 'one' }, callContext())).text).toBe('one');

      // Restart: the new server instance does not know the session (HTTP 404); the call is repeated on a new one.
      await handler.close();
      let sessionsAfterRestart = 0;
      handler = sessionfulHandler(() => {
        sessionsAfterRestart++;
        return createTestServer();
      });
      expect((await connection.callTool('echo', { text: 'two' }, callContext())).text).toBe('two');
      expect(sessionsAfterRestart).toBe(1);

      // Outage: the first call may hit the keep-alive socket the server just closed; then nothing listens.
      await server.close();
      const dropped = await connection.callTool('echo', { text: 'three' }, callContext()).catch((e) => e);
      expect(['network_error', 'connect_failed']).toContain(dropped.kind);
      const down = await connection.callTool('echo', { text: 'three' }, callContext()).catch((e) => e);
      expect(down).toMatchObject({ kind: 'connect_failed', server: 'ours' });
      expect(down.message).toContain(`MCP server "ours" (${url}): reconnecting failed: nothing is listening`);

      // Back up on the same port: the next call reconnects.
      server = await listen((req, res) => handler.handle(req, res), port);
      expect((await connection.callTool('echo', { text: 'four' }, callContext())).text).toBe('four');
      await connection.close();
      await handler.close();
      await server.close();
    });

    test('a URL that is not an MCP endpoint fails with an actionable connect error', async () => {
      const server = await listen((_req, res) => {
        res.writeHead(404).end('no such page');
      });
      const connection = connect({ transport: { type: 'http', url: server.url } });
      const error = await connection.listTools().catch((e) => e);
      expect(error).toMatchObject({ kind: 'connect_failed' });
      expect(error.message).toContain(`MCP server "ours" (${server.url}): connecting failed`);
      expect(error.message).toContain('HTTP 404');
      await server.close();
    });
  });

  describe('2026-07-28 stateless server (createMcpHandler)', () => {
    const state = createTestServerState();
    let handler: ReturnType<typeof modernHandler>;
    let server: RunningHttpServer;
    beforeAll(async () => {
      handler = modernHandler(() => createTestServer({ state }));
      server = await listen(handler.handle);
    });
    afterAll(async () => {
      await handler.close();
      await server.close();
    });

    test('negotiates the modern revision and calls tools with progress', async () => {
      const connection = connect({ transport: { type: 'http', url: server.url } });
      const layer = await connection.layer();
      expect(layer.tools.map((tool) => tool.name)).toContain('slow');
      expect(connection.info).toMatchObject({ protocolVersion: '2026-07-28', transport: 'streamable-http' });
      const context = callContext();
      expect((await connection.callTool('slow', { ms: 40, steps: 2 }, context)).text).toBe('slept 40 ms');
      expect(context.progress[0]).toEqual({ progress: 1, total: 2, message: 'step 1 of 2' });
      expect(await connection.callTool('fail', {}, callContext())).toEqual({
        text: 'it failed',
        isError: true,
      });
    });

    test('cancellation and timeouts settle with clear errors', async () => {
      const connection = connect({ transport: { type: 'http', url: server.url }, timeoutMs: 500 });
      const controller = new AbortController();
      const context = callContext(controller.signal);
      context.onProgress = () => controller.abort('stop');
      const cancelledBefore = state.cancelledCalls;
      await expect(connection.callTool('slow', { ms: 5_000, steps: 50 }, context)).rejects.toMatchObject({
        kind: 'cancelled',
      });
      await vi.waitFor(() => expect(state.cancelledCalls).toBe(cancelledBefore + 1));
      await expect(connection.callTool('slow', { ms: 5_000, steps: 1 }, callContext())).rejects.toMatchObject(
        {
          kind: 'timeout',
        },
      );
      expect((await connection.callTool('echo', { text: 'ok' }, callContext())).text).toBe('ok');
    });

    test('a tools/list_changed event reaches the subscribers', async () => {
      const connection = connect({ transport: { type: 'http', url: server.url } });
      await connection.layer();
      const updates: McpLayer[] = [];
      connection.onToolsChanged((layer) => updates.push(layer));
      await connection.callTool('add_tool', { name: 'fresh_modern_tool' }, callContext());
      handler.notify.toolsChanged();
      await vi.waitFor(() =>
        expect(updates.at(-1)?.tools.map((tool) => tool.name)).toContain('fresh_modern_tool'),
      );
    });

    test('protocol "legacy" talks 2025 to the same endpoint', async () => {
      const connection = connect({ transport: { type: 'http', url: server.url }, protocol: 'legacy' });
      expect((await connection.callTool('echo', { text: 'old' }, callContext())).text).toBe('old');
      expect(connection.info.protocolVersion).toBe('2025-11-25');
    });
  });

  describe('servers pinned to older protocol revisions', () => {
    test.each(['2025-03-26', '2025-06-18'])('negotiates %s', async (version) => {
      const handler = sessionfulHandler(() => createTestServer({ supportedProtocolVersions: [version] }));
      const server = await listen(handler.handle);
      const connection = connect({ transport: { type: 'http', url: server.url } });
      expect((await connection.callTool('echo', { text: version }, callContext())).text).toBe(version);
      expect(connection.info.protocolVersion).toBe(version);
      await connection.close();
      await handler.close();
      await server.close();
    });

    test('pinning a modern revision against a 2025-only server fails loudly', async () => {
      const handler = sessionfulHandler(() => createTestServer());
      const server = await listen(handler.handle);
      const connection = connect({
        transport: { type: 'http', url: server.url },
        protocol: { pin: '2026-07-28' },
      });
      const error = await connection.connect().catch((e) => e);
      expect(error).toMatchObject({ kind: 'connect_failed' });
      expect(error.message).toContain('2026-07-28');
      await handler.close();
      await server.close();
    });
  });
});
