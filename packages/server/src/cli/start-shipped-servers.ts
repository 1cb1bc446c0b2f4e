import { join } from 'node:path';
import type { McpTransportConfig } from '@switchboard/core';
import {
  type HttpServing,
  isShippedServerName,
  SHIPPED_SERVERS,
  type ShippedServer,
  serveHttp,
} from '@switchboard/servers';
import type { ServerSeed } from '../gateway.ts';

/** Shipped servers running in this process, served over Streamable HTTP on loopback. */
export interface RunningShippedServers {
  /** Deployment registrations (`builtin` transports). */
  seeds: ServerSeed[];
  /** Where this process serves each of them. */
  builtins: Map<string, McpTransportConfig>;
  close(): Promise<void>;
}

/**
 * Starts the shipped demo servers (shop, open data, calculator and storage) in this process, each on
 * a free loopback port. The shop keeps its data under `dataDir/shop` when a data directory is given.
 * Every replica runs its own; their registrations are shared, their addresses are not.
 */
export async function startShippedServers(
  names: readonly string[],
  dataDir?: string,
): Promise<RunningShippedServers> {
  const started: Array<{ shipped: ShippedServer; serving: HttpServing }> = [];
  const builtins = new Map<string, McpTransportConfig>();
  const seeds: ServerSeed[] = [];
  try {
    for (const name of names) {
      if (!isShippedServerName(name)) {
        throw new Error(
          `unknown shipped server "${name}" (known: ${Object.keys(SHIPPED_SERVERS).join(', ')})`,
        );
      }
      const shipped = await SHIPPED_SERVERS[name]({ dataDir: dataDir && join(dataDir, name) });
      const serving = await serveHttp(shipped.createServer, { port: 0, host: '127.0.0.1' });
      started.push({ shipped, serving });
      builtins.set(name, { type: 'http', url: serving.url, sseFallback: false });
      seeds.push({ name, builtin: name, description: shipped.description });
    }
  } catch (error) {
    await closeAll(started);
    throw error;
  }
  return { seeds, builtins, close: () => closeAll(started) };
}

async function closeAll(started: Array<{ shipped: ShippedServer; serving: HttpServing }>): Promise<void> {
  await Promise.allSettled(
    started.map(async ({ shipped, serving }) => {
      await serving.close();
      await shipped.close();
    }),
  );
}
