/** A gateway in this process serving `/mcp` over loopback HTTP, for the benchmarks. */

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { McpTransportConfig } from '@switchboard/core';
import { createNodeFetch } from '@switchboard/core/node';
import { createScriptedModel } from '@switchboard/core/testing';
import { createGateway, createLogger, type Gateway, type ServerSeed } from '../packages/server/src/index.ts';
import type { OpenVariant } from './dispatch-variants.ts';

const KEY = 'sk-bench';

/** A running gateway and the way to connect the SDK client to its `/mcp`. */
export interface BenchGateway {
  gateway: Gateway;
  /** The SDK client (with our pooled Node fetch) connected to `/mcp` in a mode, with the user's key. */
  connect(mode: 'discovery' | 'aggregate'): Promise<Client>;
  close(): Promise<void>;
}

/** Starts a gateway (in-memory PGlite, no rate limit) with these servers and one user. */
export async function startBenchGateway(
  servers: ServerSeed[],
  builtins?: Map<string, McpTransportConfig>,
): Promise<BenchGateway> {
  const gateway = await createGateway({
    model: createScriptedModel([]),
    logger: createLogger({ level: 'silent' }),
    users: [{ id: 'bench', name: 'Bench', role: 'user', apiKey: KEY }],
    servers,
    builtins,
    allowPrivateNetworks: true,
    limits: { requestsPerMinute: 0 },
  });
  const url = await gateway.listen(0);
  const clients: Client[] = [];
  const fetches: Array<ReturnType<typeof createNodeFetch>> = [];
  return {
    gateway,
    async connect(mode) {
      const client = new Client({ name: 'bench', version: '1.0.0' });
      const fetch = createNodeFetch();
      fetches.push(fetch);
      const endpoint = new URL(`/mcp?mode=${mode}`, url);
      await client.connect(
        new StreamableHTTPClientTransport(endpoint, {
          fetch,
          requestInit: { headers: { authorization: `Bearer ${KEY}` } },
        }),
      );
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.allSettled(clients.map((client) => client.close()));
      await gateway.close();
      await Promise.allSettled(fetches.map((fetch) => fetch.close()));
    },
  };
}

/** A bench:dispatch variant: the SDK client calling the echo server's tool through the gateway's `/mcp`. */
export async function endpointEchoVariant(name: string, serverUrl: string): Promise<OpenVariant> {
  const bench = await startBenchGateway([{ name: 'bench', url: serverUrl }]);
  const client = await bench.connect('aggregate');
  return {
    name,
    run: async () => {
      const result = await client.callTool({ name: 'bench_echo', arguments: { text: 'hi' } });
      const [first] = result.content as Array<{ text?: string }>;
      if (first?.text !== 'hi')
        throw new Error(`${name}: expected the echo "hi", got ${JSON.stringify(first?.text)}`);
    },
    close: () => bench.close(),
  };
}
