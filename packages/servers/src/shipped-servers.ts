import { startCalculatorStorage } from './calculator-storage/start-calculator-storage.ts';
import { startOpenData } from './open-data/start-open-data.ts';
import type { ShippedServer } from './shipped-server.ts';
import { startShop } from './shop/start-shop.ts';

/** Options any shipped server may take; each uses the ones that concern it. */
export interface ShippedServerOptions {
  /** The shop's data directory (see `ShopOptions.dataDir`). */
  dataDir?: string;
}

/** The servers Switchboard ships, by name, each started with its defaults. */
export const SHIPPED_SERVERS = {
  shop: (options: ShippedServerOptions) => startShop({ dataDir: options.dataDir }),
  'open-data': () => startOpenData(),
  'calculator-storage': () => startCalculatorStorage(),
} satisfies Record<string, (options: ShippedServerOptions) => Promise<ShippedServer>>;

/** The name of a shipped server. */
export type ShippedServerName = keyof typeof SHIPPED_SERVERS;

/** Whether `name` names a shipped server. */
export function isShippedServerName(name: string): name is ShippedServerName {
  return Object.hasOwn(SHIPPED_SERVERS, name);
}
