import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.ts';
import { NodeMcpConnection, stdioTransport } from '../../src/mcp-node/index.ts';
import {
  type ChildServer,
  callContext,
  freePort,
  SERVER_EVERYTHING,
  startNodeServer,
} from '../support/mcp-test-servers.ts';

/** The published reference server (built on the v1 SDK), over stdio and over legacy SSE. */
describe('@modelcontextprotocol/server-everything over stdio', () => {
  let connection: McpConnection;
  beforeAll(() => {
    connection = new McpConnection({
      name: 'everything',
      transport: stdioTransport({ command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'] }),
      timeoutMs: 5_000,
    });
  });
  afterAll(() => connection.close());

  test('lists its tools and negotiates a 2025 revision', async () => {
    const layer = await connection.layer();
    const names = layer.tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'trigger-long-running-operation']),
    );
    expect(layer.description).toContain('Everything Server');
    expect(layer.tools.find((tool) => tool.name === 'get-sum')?.annotations).toMatchObject({
      readOnlyHint: true,
    });
    expect(connection.info.protocolVersion).toMatch(/^2025-/);
    expect(connection.info.serverInfo?.name).toBe('mcp-servers/everything');
  });

  test('calls echo, get-sum and get-tiny-image', async () => {
    expect((await connection.callTool('echo', { message: 'hi there' }, callContext())).text).toBe(
      'Echo: hi there',
    );
    expect((await connection.callTool('get-sum', { a: 2, b: 3 }, callContext())).text).toContain('5');
    const image = await connection.callTool('get-tiny-image', {}, callContext());
    expect(image.text).toMatch(/\[image image\/png, \d+ KB\]/);
  });

  test('reports invalid arguments as a tool error', async () => {
    const output = await connection.callTool('get-sum', { a: 'two' }, callContext());
    expect(output.isError).toBe(true);
    expect(output.text).toContain('get-sum');
  });

  test('surfaces the progress of its long-running operation', async () => {
    const context = callContext();
    const output = await connection.callTool(
      'trigger-long-running-operation',
      { duration: 0.3, steps: 3 },
      context,
    );
    expect(output.text).toContain('Long running operation completed');
    // The last notification may race the result (the SDK drops progress after the response).
    expect(context.progress.slice(0, 2)).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
    ]);
  });

  test('cancels its long-running operation through the AbortSignal', async () => {
    const controller = new AbortController();
    const context = callContext(controller.signal);
    context.onProgress = () => controller.abort(new Error('stop it'));
    const error = await connection
      .callTool('trigger-long-running-operation', { duration: 10, steps: 50 }, context)
      .catch((e) => e);
    expect(error).toMatchObject({
      kind: 'cancelled',
      server: 'everything',
      tool: 'trigger-long-running-operation',
    });
    expect((await connection.callTool('echo', { message: 'next' }, callContext())).text).toBe('Echo: next');
  });
});

describe.each([
  { fetch: 'the global fetch', Connection: McpConnection },
  { fetch: 'createNodeFetch', Connection: NodeMcpConnection },
])('@modelcontextprotocol/server-everything over legacy SSE, with $fetch', ({ Connection }) => {
  let server: ChildServer;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}/sse`;
    server = await startNodeServer([SERVER_EVERYTHING, 'sse'], { PORT: String(port) }, 'Server is running');
  });
  afterAll(() => server.stop());

  test('an http connection falls back to SSE when Streamable HTTP is refused', async () => {
    const connection = new Connection({
      name: 'everything-sse',
      transport: { type: 'http', url },
      timeoutMs: 5_000,
    });
    expect((await connection.callTool('echo', { message: 'over sse' }, callContext())).text).toBe(
      'Echo: over sse',
    );
    expect(connection.info.transport).toBe('sse');
    await connection.close();
  });

  test('without the fallback, the refusal is reported', async () => {
    const connection = new Connection({
      name: 'everything-sse',
      transport: { type: 'http', url, sseFallback: false },
    });
    const error = await connection.connect().catch((e) => e);
    expect(error).toMatchObject({ kind: 'connect_failed' });
    expect(error.message).toContain('HTTP 404');
    await connection.close();
  });
});

describe.each(['auto', 'legacy'] as const)(
  '@modelcontextprotocol/server-everything over Streamable HTTP, protocol %s',
  (protocol) => {
    let server: ChildServer;
    let connection: McpConnection;
    beforeAll(async () => {
      const port = await freePort();
      server = await startNodeServer(
        [SERVER_EVERYTHING, 'streamableHttp'],
        { PORT: String(port) },
        'listening on port',
      );
      connection = new McpConnection({
        name: 'everything-http',
        transport: { type: 'http', url: `http://127.0.0.1:${port}/mcp`, sseFallback: false },
        protocol,
        timeoutMs: 5_000,
        handlers: {
          elicitation: async () => ({ action: 'accept', content: { color: 'blue' } }),
          sampling: async () => ({
            role: 'assistant',
            model: 'test-model',
            content: { type: 'text', text: 'a sampled answer' },
          }),
        },
      });
    });
    afterAll(async () => {
      await connection.close();
      await server.stop();
    });

    test('settles on 2025-11-25 (a 2026-07-28 probe falls back to initialize) and calls its tools, their questions answered by the handlers', async () => {
      expect(await connection.asksInRounds()).toBe(false);
      expect(connection.info).toMatchObject({ protocolVersion: '2025-11-25', transport: 'streamable-http' });
      expect((await connection.callTool('echo', { message: 'over http' }, callContext())).text).toBe(
        'Echo: over http',
      );
      const sampled = await connection.callTool(
        'trigger-sampling-request',
        { prompt: 'say something', maxTokens: 20 },
        callContext(),
      );
      expect(sampled.text).toContain('a sampled answer');
      const structured = await connection.callToolResult(
        'get-structured-content',
        { location: 'Chicago' },
        callContext(),
      );
      expect(structured.structuredContent).toMatchObject({ temperature: expect.any(Number) });
    });
  },
);
