import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createScriptedModel } from '@switchboard/core/testing';
import { type HttpServing, serveHttp } from '@switchboard/servers';
import { startShippedServers } from '../../packages/server/src/cli/start-shipped-servers.ts';
import { createGateway, createLogger } from '../../packages/server/src/index.ts';
import {
  createConformanceFixtureServer,
  createJsonSchemaFixtureServer,
} from './conformance-fixture-server.ts';
import { singleToolServer, TASK_FIXTURE_SERVERS } from './fixture-task-tools.ts';

/** A gateway's `/mcp` endpoint as the conformance suite reaches it. */
export interface GatewayEndpoint {
  /** The URL to hand the suite. */
  url: string;
  close(): Promise<void>;
}

const KEY = 'sk-conformance';

/**
 * A gateway (in-memory PGlite, no model calls) with the shipped servers and the suite's fixtures
 * (a server named `test`, see {@link createConformanceFixtureServer}, one named `json`, and the
 * servers of the suite's task tools, see {@link TASK_FIXTURE_SERVERS}), its
 * `/mcp` endpoint served on loopback. With `apiKey`, requests need a user's API key; without, the
 * gateway is open (no users, loopback only), as `switchboard serve` runs on a workstation, and
 * answers the holder of its per-install token. The suite cannot send headers, so a second
 * loopback listener adds `Authorization: Bearer <key or token>` to each request — what an MCP
 * client configured with it sends — and hands it to the gateway.
 */
export async function startGatewayEndpoint(options: {
  apiKey: boolean;
  dataDir: string;
}): Promise<GatewayEndpoint> {
  const shipped = await startShippedServers(['shop', 'open-data', 'calculator-storage'], options.dataDir);
  let fixture: HttpServing | undefined;
  fixture = await serveHttp(createConformanceFixtureServer(() => (fixture as HttpServing).notify));
  const json = await serveHttp(createJsonSchemaFixtureServer);
  const taskServers = await Promise.all(
    TASK_FIXTURE_SERVERS.map(async ({ name, tool }) => ({
      name,
      serving: await serveHttp(singleToolServer(name, tool)),
    })),
  );
  const gateway = await createGateway({
    model: createScriptedModel([]),
    logger: createLogger({ level: 'silent' }),
    servers: [
      ...shipped.seeds,
      { name: 'test', url: fixture.url },
      { name: 'json', url: json.url },
      ...taskServers.map(({ name, serving }) => ({ name, url: serving.url })),
    ],
    builtins: shipped.builtins,
    builtinFetch: shipped.fetch,
    // The suite makes hundreds of calls a minute as one user (every input round is one).
    limits: { requestsPerMinute: 10_000 },
    // Every server's tools listed by name, however many servers (the suite calls them directly).
    mcpMode: 'aggregate',
    ...(options.apiKey
      ? { users: [{ id: 'conformance', name: 'Conformance', role: 'user' as const, apiKey: KEY }] }
      : { openAccess: true }),
  });
  const bearer = options.apiKey ? KEY : gateway.services.localToken;
  const target = new URL(await gateway.listen(0));
  const proxy = createServer((incoming, outgoing) => {
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, authorization: `Bearer ${bearer}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/mcp`,
    async close() {
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      });
      await gateway.close();
      await Promise.all([
        fixture.close(),
        json.close(),
        ...taskServers.map(({ serving }) => serving.close()),
      ]);
      await shipped.close();
    },
  };
}
