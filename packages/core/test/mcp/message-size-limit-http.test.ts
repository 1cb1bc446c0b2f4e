import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.ts';
import { NodeMcpConnection } from '../../src/mcp-node/node-mcp-connection.ts';
import { type FloodingHttpServer, floodingHttpServer } from '../fixtures/flooding-http-server.ts';
import { listen, type RunningHttpServer } from '../fixtures/http-servers.ts';
import { callContext } from '../support/mcp-test-servers.ts';

const MiB = 1024 * 1024;
/** What the server tries to send in one message. */
const FLOOD_BYTES = 64 * MiB;
/** The connection's `maxMessageBytes`. */
const CAP = 1 * MiB;
/**
 * Most a flood may get out before the client hangs up: the cap, plus what the sockets' buffers on
 * both ends and the HTTP client take in before the client stops reading. A client without the
 * limit reads all 64 MiB.
 */
const MOST_SENT = CAP + 15 * MiB;

const flavors = [
  { fetch: 'the global fetch', Connection: McpConnection },
  { fetch: 'createNodeFetch', Connection: NodeMcpConnection },
];

describe.each(flavors)('a server sending messages over maxMessageBytes, over $fetch', ({ Connection }) => {
  let flooding: FloodingHttpServer;
  let server: RunningHttpServer;
  let connection: McpConnection;
  const echo = async () => (await connection.callTool('echo', { text: 'ping' }, callContext())).text;

  beforeAll(async () => {
    flooding = floodingHttpServer({ floodBytes: FLOOD_BYTES });
    server = await listen(flooding.handle);
    connection = new Connection({
      name: 'flooding',
      transport: { type: 'http', url: server.url },
      maxMessageBytes: CAP,
      timeoutMs: 30_000,
    });
    expect(await echo()).toBe('ping');
  });
  afterAll(async () => {
    await connection.close();
    await server.close();
  });

  /** Calls `tool`, expecting the clear error; returns what the server sent of its flood. */
  const callFailing = async (tool: string) => {
    const floodEnd = flooding.nextFloodEnd();
    const error = await connection.callTool(tool, {}, callContext()).catch((e) => e);
    expect(error).toMatchObject({
      name: 'McpConnectionError',
      kind: 'invalid_response',
      server: 'flooding',
      tool,
    });
    expect(error.message).toBe(
      `MCP server "flooding" (${server.url}): calling tool "${tool}" failed: the server sent a message over 1 MiB, ` +
        'the most one message may take (maxMessageBytes); the rest of it was not read. ' +
        'Raise `maxMessageBytes` for this server if its messages are meant to be that large, or fix the server.',
    );
    return floodEnd;
  };

  test('an event whose data line never ends fails the call at the limit; the connection goes on', async () => {
    const sent = await callFailing('flood_sse');
    expect(sent).toBeGreaterThan(CAP);
    expect(sent).toBeLessThan(MOST_SENT);
    expect(await echo()).toBe('ping');
  });

  test('a JSON body without a length fails the call at the limit; the connection goes on', async () => {
    const sent = await callFailing('flood_json');
    expect(sent).toBeLessThan(MOST_SENT);
    expect(await echo()).toBe('ping');
  });

  test('a JSON body declaring a length over the limit is refused without reading it', async () => {
    const sent = await callFailing('flood_declared_json');
    expect(sent).toBeLessThan(MOST_SENT);
    expect(await echo()).toBe('ping');
  });

  test('a result just under the limit comes through, as JSON and as an event', async () => {
    const bytes = CAP - 4096;
    const asJson = await connection.callTool('sized', { bytes }, callContext());
    expect(asJson.text).toBe('y'.repeat(bytes));
    const asEvent = await connection.callTool('sized', { bytes, sse: true }, callContext());
    expect(asEvent.text).toBe('y'.repeat(bytes));
  });
});

describe.each(flavors)('a standalone stream over maxMessageBytes, over $fetch', ({ Connection }) => {
  test('is cut at the limit, and calls go on', async () => {
    const flooding = floodingHttpServer({ floodBytes: FLOOD_BYTES, floodStandalone: true });
    const server = await listen(flooding.handle);
    const connection = new Connection({
      name: 'flooding-stream',
      transport: { type: 'http', url: server.url },
      maxMessageBytes: CAP,
      timeoutMs: 30_000,
    });
    const floodEnd = flooding.nextFloodEnd();
    await connection.connect();
    expect(await floodEnd).toBeLessThan(MOST_SENT);
    expect((await connection.callTool('echo', { text: 'still here' }, callContext())).text).toBe(
      'still here',
    );
    await connection.close();
    await server.close();
  });
});

describe('maxMessageBytes', () => {
  test('must be a positive whole number', () => {
    const transport = { type: 'http' as const, url: 'http://127.0.0.1:1/mcp' };
    for (const maxMessageBytes of [0, -1, 1.5, Number.NaN]) {
      expect(() => new McpConnection({ name: 'x', transport, maxMessageBytes })).toThrow(
        /`maxMessageBytes` must be a positive whole number of bytes/,
      );
    }
  });
});
