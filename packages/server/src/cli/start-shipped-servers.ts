import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { McpConnectionOptions, McpTransportConfig } from '@switchboard/core';
import { createNodeFetch } from '@switchboard/core/node';
import {
  type HttpServing,
  isShippedServerName,
  SHIPPED_SERVERS,
  type ShippedServer,
  serveHttp,
} from '@switchboard/servers';
import type { ServerSeed } from '../store/server-seed.ts';
import { authenticateCaller, callerIdentifyingFetch } from '../upstream/caller-identity.ts';

/** Shipped servers running in this process, served over Streamable HTTP on loopback. */
export interface RunningShippedServers {
  /** Deployment registrations (`builtin` transports). */
  seeds: ServerSeed[];
  /** Where this process serves each of them. */
  builtins: Map<string, McpTransportConfig>;
  /** The fetch to reach them with: it tells them which gateway user each call is for. */
  fetch: NonNullable<McpConnectionOptions['fetch']>;
  close(): Promise<void>;
}

/**
 * Starts the shipped demo servers (shop, open data, calculator and storage) in this process, each on
 * a free loopback port. The shop keeps its data under `dataDir/shop` when a data directory is given.
 * Every replica runs its own; their registrations are shared, their addresses are not. Calls made
 * through {@link RunningShippedServers.fetch} within `asCaller(user)` reach them as that user (a
 * secret of this process proves the gateway sent them), so the shop keeps each user's cart apart.
 */
export async function startShippedServers(
  names: readonly string[],
  dataDir?: string,
): Promise<RunningShippedServers> {
  const started: Array<{ shipped: ShippedServer; serving: HttpServing }> = [];
  const builtins = new Map<string, McpTransportConfig>();
  const seeds: ServerSeed[] = [];
  const secret = randomBytes(32).toString('base64url');
  const transport = createNodeFetch();
  try {
    for (const name of names) {
      if (!isShippedServerName(name)) {
        throw new Error(
          `unknown shipped server "${name}" (known: ${Object.keys(SHIPPED_SERVERS).join(', ')})`,
        );
      }
      const shipped = await SHIPPED_SERVERS[name]({ dataDir: dataDir && join(dataDir, name) });
      const serving = await serveHttp(shipped.createServer, {
        port: 0,
        host: '127.0.0.1',
        authenticate: authenticateCaller(secret),
      });
      started.push({ shipped, serving });
      builtins.set(name, { type: 'http', url: serving.url, sseFallback: false });
      seeds.push({ name, builtin: name, description: shipped.description });
    }
  } catch (error) {
    await closeAll(started);
    await transport.close();
    throw error;
  }
  return {
    seeds,
    builtins,
    fetch: callerIdentifyingFetch(secret, transport),
    close: async () => {
      await closeAll(started);
      await transport.close();
    },
  };
}

async function closeAll(started: Array<{ shipped: ShippedServer; serving: HttpServing }>): Promise<void> {
  await Promise.allSettled(
    started.map(async ({ shipped, serving }) => {
      await serving.close();
      await shipped.close();
    }),
  );
}
