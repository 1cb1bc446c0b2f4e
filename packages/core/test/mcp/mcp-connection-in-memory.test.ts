import { InMemoryTransport } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.ts';
import type { McpLayer } from '../../src/types/layers.ts';
import { createTestServer } from '../fixtures/test-mcp-server.ts';
import { callContext } from '../support/mcp-test-servers.ts';

/** A server in this process, linked to a client transport. */
async function linkedServer(): Promise<{ server: McpServer; transport: InMemoryTransport }> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createTestServer();
  await server.connect(serverSide);
  return { server, transport: clientSide };
}

describe('McpConnection over an in-memory transport', () => {
  test('calls tools on a server in the same process', async () => {
    const { transport } = await linkedServer();
    const connection = new McpConnection({ name: 'local', transport: { type: 'in-memory', transport } });
    expect((await connection.callTool('echo', { text: 'in memory' }, callContext())).text).toBe('in memory');
    expect(connection.info).toMatchObject({ status: 'connected', transport: 'in-memory' });
    expect(connection.info.protocolVersion).toBeDefined();
    await connection.close();
    expect(connection.info.status).toBe('closed');
  });

  test('a single transport cannot be reopened after the server closed it; the error says so', async () => {
    const { server, transport } = await linkedServer();
    const connection = new McpConnection({ name: 'local', transport: { type: 'in-memory', transport } });
    await connection.connect();
    await server.close();
    const error = await connection.callTool('echo', { text: 'x' }, callContext()).catch((e) => e);
    expect(error).toMatchObject({ kind: 'connect_failed', server: 'local' });
    expect(error.message).toContain('cannot be reopened');
    await connection.close();
  });

  test('with a factory, the next call after the server closed reconnects', async () => {
    const servers: McpServer[] = [];
    const connection = new McpConnection({
      name: 'local',
      transport: {
        type: 'in-memory',
        transport: async () => {
          const { server, transport } = await linkedServer();
          servers.push(server);
          return transport;
        },
      },
    });
    expect((await connection.callTool('echo', { text: 'first' }, callContext())).text).toBe('first');
    await servers[0].close();
    expect((await connection.callTool('echo', { text: 'second' }, callContext())).text).toBe('second');
    expect(servers).toHaveLength(2);
    await connection.close();
  });

  test('requests after close() reject with kind "closed", and in-flight calls settle', async () => {
    const { transport } = await linkedServer();
    const connection = new McpConnection({ name: 'local', transport: { type: 'in-memory', transport } });
    const inFlight = connection.callTool('slow', { ms: 5_000, steps: 1 }, callContext()).catch((e) => e);
    await connection.connect();
    await connection.close();
    expect(await inFlight).toMatchObject({ kind: 'closed' });
    await expect(connection.listTools()).rejects.toMatchObject({ kind: 'closed' });
  });

  test('concurrent first calls share one connect', async () => {
    let connects = 0;
    const connection = new McpConnection({
      name: 'local',
      transport: {
        type: 'in-memory',
        transport: async () => {
          connects++;
          return (await linkedServer()).transport;
        },
      },
    });
    const texts = await Promise.all(
      ['a', 'b', 'c'].map(async (text) => (await connection.callTool('echo', { text }, callContext())).text),
    );
    expect(texts).toEqual(['a', 'b', 'c']);
    expect(connects).toBe(1);
    await connection.close();
  });

  test('concurrent first layers share one tools/list; a caller that gives up leaves the others theirs', async () => {
    const { transport } = await linkedServer();
    const methods: string[] = [];
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      if ('method' in message) methods.push(message.method);
      return send(message, options);
    };
    const connection = new McpConnection({ name: 'local', transport: { type: 'in-memory', transport } });
    const impatient = new AbortController();
    impatient.abort(new Error('gave up'));
    const [gaveUp, ...layers] = await Promise.allSettled([
      connection.layer({ signal: impatient.signal }),
      ...Array.from({ length: 5 }, () => connection.layer()),
    ]);
    expect(gaveUp).toMatchObject({ status: 'rejected', reason: { server: 'local' } });
    for (const layer of layers) {
      expect(layer.status).toBe('fulfilled');
      expect((layer as PromiseFulfilledResult<McpLayer>).value.tools.map((tool) => tool.name)).toContain(
        'echo',
      );
    }
    expect(methods.filter((method) => method === 'tools/list')).toHaveLength(1);
    await connection.layer();
    expect(methods.filter((method) => method === 'tools/list')).toHaveLength(1);
    await connection.close();
  });

  test('bad options are rejected up front', () => {
    const transport = { type: 'http', url: 'http://127.0.0.1:1/mcp' } as const;
    expect(() => new McpConnection({ name: ' ', transport })).toThrow(/name/);
    expect(() => new McpConnection({ name: 'x', transport, timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => new McpConnection({ name: 'x', transport: { type: 'http', url: 'not a url' } })).toThrow(
      /invalid server URL/,
    );
  });
});
