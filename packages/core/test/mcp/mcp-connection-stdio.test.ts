import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { McpConnection } from '../../src/mcp/index.ts';
import { stdioTransport } from '../../src/mcp-node/index.ts';
import type { McpLayer } from '../../src/types/layers.ts';
import { BIG_TEXT_BYTES } from '../fixtures/test-mcp-server.ts';
import { callContext, fixturePath } from '../support/mcp-test-servers.ts';

describe('our SDK server over stdio', () => {
  let connection: McpConnection;
  beforeAll(() => {
    connection = new McpConnection({
      name: 'ours-stdio',
      transport: stdioTransport({ command: process.execPath, args: [fixturePath('stdio-test-server.ts')] }),
      // Room for the 5 MB result on a loaded machine; no test here is about the timeout.
      timeoutMs: 20_000,
    });
  });
  afterAll(() => connection.close());

  test('negotiates the 2026-07-28 revision over stdio and lists the tools', async () => {
    const layer = await connection.layer();
    expect(layer.tools.map((tool) => tool.name)).toEqual(['echo', 'add', 'slow', 'fail', 'big', 'add_tool']);
    expect(layer.serverUrl).toBeUndefined();
    expect(connection.info).toMatchObject({
      status: 'connected',
      transport: 'custom',
      protocolVersion: '2026-07-28',
    });
  });

  test('calls tools, including a 5 MB result', async () => {
    expect((await connection.callTool('echo', { text: 'over stdio' }, callContext())).text).toBe(
      'over stdio',
    );
    expect((await connection.callTool('add', { a: 1, b: 2 }, callContext())).value).toEqual({ sum: 3 });
    expect((await connection.callTool('fail', {}, callContext())).isError).toBe(true);
    expect((await connection.callTool('big', {}, callContext())).text.length).toBe(BIG_TEXT_BYTES);
  });

  test('reports progress and honors cancellation', async () => {
    const context = callContext();
    await connection.callTool('slow', { ms: 60, steps: 3 }, context);
    expect(context.progress[0]).toEqual({ progress: 1, total: 3, message: 'step 1 of 3' });

    const controller = new AbortController();
    const cancelled = callContext(controller.signal);
    cancelled.onProgress = () => controller.abort('enough');
    await expect(connection.callTool('slow', { ms: 5_000, steps: 50 }, cancelled)).rejects.toMatchObject({
      kind: 'cancelled',
    });
  });

  test('announces a changed tool list', async () => {
    const updates: McpLayer[] = [];
    const unsubscribe = connection.onToolsChanged((layer) => updates.push(layer));
    await connection.callTool('add_tool', { name: 'fresh_stdio_tool' }, callContext());
    await vi.waitFor(() =>
      expect(updates.at(-1)?.tools.map((tool) => tool.name)).toContain('fresh_stdio_tool'),
    );
    unsubscribe();
  });
});

describe('stdio connect failures', () => {
  test('a command that does not exist fails with an actionable message', async () => {
    const connection = new McpConnection({
      name: 'missing',
      transport: stdioTransport({ command: '/nonexistent/mcp-server-binary' }),
    });
    const error = await connection.connect().catch((e) => e);
    expect(error).toMatchObject({ kind: 'connect_failed', server: 'missing' });
    expect(error.message).toContain(
      'MCP server "missing" (stdio: /nonexistent/mcp-server-binary): connecting failed',
    );
    expect(error.message).toContain('could not be started');
    await connection.close();
  });

  test('a server that exits at start-up reports its stderr', async () => {
    const connection = new McpConnection({
      name: 'broken',
      transport: stdioTransport({
        command: process.execPath,
        args: ['-e', 'console.error("cannot open database: permission denied"); process.exit(2)'],
      }),
    });
    const error = await connection.connect().catch((e) => e);
    expect(error).toMatchObject({ kind: 'connect_failed' });
    expect(error.message).toContain('cannot open database: permission denied');
    await connection.close();
  });
});
