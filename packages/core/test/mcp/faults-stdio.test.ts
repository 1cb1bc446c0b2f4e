import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { McpConnection } from '../../src/mcp/index.ts';
import { stdioTransport } from '../../src/mcp-node/index.ts';
import { callContext, fixturePath } from '../support/mcp-test-servers.ts';

/** Every fault must settle the call (error or result), never hang, and leave the next call working. */
describe('a misbehaving stdio server', () => {
  let connection: McpConnection;
  const echo = async () => (await connection.callTool('echo', { text: 'ping' }, callContext())).text;
  const pidOf = (text: string) => /\(pid (\d+)\)/.exec(text)?.[1];

  beforeAll(() => {
    connection = new McpConnection({
      name: 'raw',
      transport: stdioTransport({ command: process.execPath, args: [fixturePath('raw-stdio-server.ts')] }),
      timeoutMs: 1_000,
    });
  });
  afterAll(() => connection.close());

  test('a hanging tool times out clearly; the same process serves the next call', async () => {
    const before = pidOf(await echo());
    const error = await connection.callTool('hang', {}, callContext()).catch((e) => e);
    expect(error).toMatchObject({ kind: 'timeout', server: 'raw', tool: 'hang' });
    expect(error.message).toMatch(
      /^MCP server "raw" \(stdio: .*raw-stdio-server\.ts\): calling tool "hang" failed:/,
    );
    expect(error.message).toContain('no answer within 1000 ms');
    expect(pidOf(await echo())).toBe(before);
  });

  test('an answer that is not JSON-RPC is named in the timeout error', async () => {
    const error = await connection.callTool('garbage', {}, callContext()).catch((e) => e);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(error.message).toContain('The server also sent a message that is not valid JSON-RPC');
    expect(await echo()).toContain('ping');
  });

  test('a result that is not a tool result is rejected at once', async () => {
    const error = await connection.callTool('bad_result', {}, callContext()).catch((e) => e);
    expect(error).toMatchObject({ kind: 'invalid_response', tool: 'bad_result' });
    expect(error.message).toContain("the server's answer is not a valid MCP result");
    expect(await echo()).toContain('ping');
  });

  test('a slow answer within the timeout is a normal result', async () => {
    expect(await connection.callTool('slow', { ms: 100 }, callContext())).toEqual({
      text: 'slow done',
      isError: false,
    });
  });

  test('isError results come through', async () => {
    expect(await connection.callTool('fail', {}, callContext())).toEqual({
      text: 'the raw tool failed',
      isError: true,
    });
  });

  test('a 5 MB result comes through', async () => {
    // A connection of its own: moving 5 MB on a busy machine can take longer than the short test timeout.
    const roomy = new McpConnection({
      name: 'raw-big',
      transport: stdioTransport({ command: process.execPath, args: [fixturePath('raw-stdio-server.ts')] }),
      timeoutMs: 20_000,
    });
    expect((await roomy.callTool('big', {}, callContext())).text.length).toBe(5 * 1024 * 1024);
    await roomy.close();
  });

  test('a server that exits in the middle of a call: clear error with its stderr, then a new process', async () => {
    const before = pidOf(await echo());
    const error = await connection.callTool('crash', {}, callContext()).catch((e) => e);
    expect(error).toMatchObject({ kind: 'connection_closed', tool: 'crash' });
    expect(error.message).toContain('the connection closed before the server answered');
    expect(error.message).toContain('fatal: simulated crash in the middle of a call');
    const after = pidOf(await echo());
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });

  test('a server that restarts between calls is respawned by the next call', async () => {
    const before = pidOf(await echo());
    expect((await connection.callTool('quit', {}, callContext())).text).toBe('bye');
    await vi.waitFor(() => expect(connection.info.status).toBe('idle'));
    const after = pidOf(await echo());
    expect(after).not.toBe(before);
  });

  test('a server that closes its output: timeout, then a health check replaces it', async () => {
    const before = pidOf(await echo());
    await expect(connection.callTool('drop', {}, callContext())).rejects.toMatchObject({ kind: 'timeout' });
    expect(pidOf(await echo())).not.toBe(before);
  });

  test('a frozen server: timeout, then a health check replaces it', async () => {
    const before = pidOf(await echo());
    await expect(connection.callTool('freeze', {}, callContext())).rejects.toMatchObject({ kind: 'timeout' });
    expect(pidOf(await echo())).not.toBe(before);
  });

  test('concurrent calls settle independently', async () => {
    const results = await Promise.allSettled([
      connection.callTool('hang', {}, callContext()),
      connection.callTool('slow', { ms: 50 }, callContext()),
      connection.callTool('echo', { text: 'together' }, callContext()),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
  });
});
