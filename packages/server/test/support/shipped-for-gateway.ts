import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startShippedServers } from '../../src/cli/start-shipped-servers.ts';
import type { GatewayOptions } from '../../src/index.ts';

/** Shipped servers running for a test gateway, with their data in a temporary folder. */
export interface ShippedForGateway {
  /** The gateway options that register them and reach them (`servers`, `builtins`, `builtinFetch`). */
  gateway: Required<Pick<GatewayOptions, 'servers' | 'builtins' | 'builtinFetch'>>;
  /** Stops them and removes their data folder. */
  close(): Promise<void>;
}

/** Starts the named shipped servers, as `serve` does, over a fresh temporary data folder. */
export async function startShippedForGateway(names: readonly string[]): Promise<ShippedForGateway> {
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-shipped-'));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  try {
    const shipped = await startShippedServers(names, dataDir);
    return {
      gateway: { servers: shipped.seeds, builtins: shipped.builtins, builtinFetch: shipped.fetch },
      close: async () => {
        await shipped.close();
        await removeDataDir();
      },
    };
  } catch (error) {
    await removeDataDir();
    throw error;
  }
}
