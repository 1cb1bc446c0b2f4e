import { InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import type { McpTransportConfig } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestEventLoopLag } from '../../core/test/support/event-loop-lag.ts';
import { connectEndpoint } from './support/mcp-endpoint-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';

/** The bound: no one server's or client's input may hold the gateway's event loop longer than this. */
const MAX_LAG_MS = 100;

/** Eight `{+name}` in a row: as a backtracking expression, `(.+)` eight times, tried every way before failing. */
const TRAP_TEMPLATE = `${Array.from({ length: 8 }, (_, index) => `{+v${index}}`).join('')}X`;

/** A hostile server that lists no resources and one template built to backtrack. */
async function openHostileServer(): Promise<InMemoryTransport> {
  const server = new Server(
    { name: 'hostile', version: '1.0.0' },
    { capabilities: { tools: {}, resources: {} } },
  );
  server.setRequestHandler('tools/list', () => ({ tools: [] }));
  server.setRequestHandler('resources/list', () => ({ resources: [] }));
  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: [{ uriTemplate: TRAP_TEMPLATE, name: 'trap' }],
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  return clientSide;
}

describe("a server's resource template cannot freeze the gateway (/mcp resources/read)", () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [{ name: 'hostile', builtin: 'hostile' }],
      builtins: new Map<string, McpTransportConfig>([
        ['hostile', { type: 'in-memory', transport: openHostileServer }],
      ]),
    });
  });
  afterAll(() => gw?.close());

  it('finds no owner for a long URI against eight {+name} in a row in under 100 ms', async () => {
    const client = await connectEndpoint(gw.url, { key: KEYS.alice });
    try {
      await client.listResourceTemplates();
      let failure: unknown;
      const lag = await longestEventLoopLag(async () => {
        failure = await client
          .readResource({ uri: `trap://${'a'.repeat(2000)}` })
          .catch((error: unknown) => error);
      });
      expect(String(failure)).toMatch(/not offered by any of your servers/);
      expect(lag).toBeLessThan(MAX_LAG_MS);
    } finally {
      await client.close();
    }
  });
});
