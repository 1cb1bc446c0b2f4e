import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.ts';
import { NodeMcpConnection } from '../../src/mcp-node/node-mcp-connection.ts';
import { listen, type RunningHttpServer } from '../fixtures/http-servers.ts';
import { type RawHttpServer, rawHttpServer } from '../fixtures/raw-http-server.ts';
import { callContext } from '../support/mcp-test-servers.ts';

/** Every test runs over Node's global fetch (the browser-safe connection) and over createNodeFetch (the Node one). */
const flavors = [
  { fetch: 'the global fetch', Connection: McpConnection },
  { fetch: 'createNodeFetch', Connection: NodeMcpConnection },
];

/** Every fault must settle the call (error or result), never hang, and leave the next call working. */
describe.each(flavors)('a misbehaving Streamable HTTP server, over $fetch', ({ Connection }) => {
  let raw: RawHttpServer;
  let server: RunningHttpServer;
  let connection: McpConnection;
  const echo = async () => (await connection.callTool('echo', { text: 'ping' }, callContext())).text;

  beforeAll(async () => {
    raw = rawHttpServer();
    server = await listen(raw.handle);
    connection = new Connection({
      name: 'raw-http',
      transport: { type: 'http', url: server.url },
      timeoutMs: 500,
    });
  });
  afterAll(async () => {
    await connection.close();
    await server.close();
  });

  test('speaks 2025-06-18 to a server that only knows it', async () => {
    expect(await echo()).toBe('ping');
    expect(connection.info).toMatchObject({ protocolVersion: '2025-06-18', transport: 'streamable-http' });
  });

  test('a hanging tool times out clearly', async () => {
    const error = await connection.callTool('hang', {}, callContext()).catch((e) => e);
    expect(error).toMatchObject({ kind: 'timeout', server: 'raw-http', tool: 'hang' });
    expect(error.message).toContain(
      `MCP server "raw-http" (${server.url}): calling tool "hang" failed: no answer`,
    );
    expect(await echo()).toBe('ping');
  });

  test('a body that is not JSON is reported as such', async () => {
    const error = await connection.callTool('garbage', {}, callContext()).catch((e) => e);
    expect(error).toMatchObject({ kind: 'invalid_response' });
    expect(error.message).toContain("the server's answer is not valid JSON");
    expect(await echo()).toBe('ping');
  });

  test('JSON that is not JSON-RPC is reported as such', async () => {
    const error = await connection.callTool('not_rpc', {}, callContext()).catch((e) => e);
    expect(error).toMatchObject({ kind: 'invalid_response' });
    expect(error.message).toContain('not valid JSON-RPC');
    expect(error.message.length).toBeLessThan(600);
    expect(await echo()).toBe('ping');
  });

  test('an HTTP 500 is reported with its status and body', async () => {
    const error = await connection.callTool('http500', {}, callContext()).catch((e) => e);
    expect(error).toMatchObject({ kind: 'http_error' });
    expect(error.message).toContain('HTTP 500');
    expect(error.message).toContain('internal failure in the raw server');
    expect(await echo()).toBe('ping');
  });

  test('a dropped connection is reported; the next call reconnects', async () => {
    const handshakes = raw.initializeCount;
    const error = await connection.callTool('drop', {}, callContext()).catch((e) => e);
    expect(error).toMatchObject({ kind: 'network_error', tool: 'drop' });
    expect(error.message).toContain('may or may not have taken effect');
    expect(await echo()).toBe('ping');
    expect(raw.initializeCount).toBe(handshakes + 1);
  });

  test('slow answers within the timeout and isError results come through', async () => {
    expect(await connection.callTool('slow', { ms: 100 }, callContext())).toEqual({
      text: 'slow done',
      isError: false,
    });
    expect(await connection.callTool('fail', {}, callContext())).toEqual({
      text: 'the raw tool failed',
      isError: true,
    });
  });

  test('a 5 MB result comes through', async () => {
    // A connection of its own: moving 5 MB on a busy machine can take longer than the short test timeout.
    const roomy = new Connection({
      name: 'raw-big',
      transport: { type: 'http', url: server.url },
      timeoutMs: 20_000,
    });
    expect((await roomy.callTool('big', {}, callContext())).text.length).toBe(5 * 1024 * 1024);
    await roomy.close();
  });

  test('after a restart that lost the session, the call is repeated on a new session', async () => {
    const handshakes = raw.initializeCount;
    raw.forgetSessions();
    expect(await echo()).toBe('ping');
    expect(raw.initializeCount).toBe(handshakes + 1);
  });
});

describe.each(flavors)('closing while the handshake hangs, over $fetch', ({ Connection }) => {
  test('close() ends the handshake at once instead of waiting out its timeout', async () => {
    let reached = () => {};
    const handshakeReached = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const silent = await listen(() => reached()); // reads the handshake, never answers it
    const connection = new Connection({
      name: 'silent',
      transport: { type: 'http', url: silent.url },
      connectTimeoutMs: 60_000,
    });
    const listing = connection.listTools().catch((error) => error);
    await handshakeReached;
    await connection.close();
    const error = await listing;
    expect(error).toMatchObject({ kind: 'closed', server: 'silent' });
    expect(error.message).toContain('listing tools failed: the connection was closed with close()');
    await silent.close();
  });
});
