/**
 * How the model discovers tools. `per-server`: every server gets its own discovery tools
 * (`{server}_mcp_search_tools`, …) and a line in the system prompt — right for a handful of servers,
 * but the cost grows with each one. `global`: one constant-size set (`search_tools`, `list_servers`,
 * `search_recipes`, `get_recipe`) whatever the number of servers.
 */
export type DiscoveryMode = 'per-server' | 'global';

/** Discovery settings of a catalog. */
export interface DiscoveryOptions {
  /** `auto` (default): global above `globalThreshold` servers, per-server otherwise. */
  mode?: 'auto' | DiscoveryMode;
  /** With `mode: 'auto'`, the largest number of servers still served per-server (default 8). */
  globalThreshold?: number;
}

/** The default of {@link DiscoveryOptions.globalThreshold}. */
export const DEFAULT_GLOBAL_THRESHOLD = 8;

/** The mode a catalog of `serverCount` servers uses under `options`. */
export function resolveDiscoveryMode(serverCount: number, options: DiscoveryOptions = {}): DiscoveryMode {
  const mode = options.mode ?? 'auto';
  if (mode !== 'auto') return mode;
  return serverCount > (options.globalThreshold ?? DEFAULT_GLOBAL_THRESHOLD) ? 'global' : 'per-server';
}

/** Throws a clear error for settings that cannot work (called when a catalog is built). */
export function checkDiscoveryOptions(options: DiscoveryOptions): void {
  const { mode, globalThreshold } = options;
  if (mode !== undefined && mode !== 'auto' && mode !== 'per-server' && mode !== 'global') {
    throw new Error(`discovery.mode must be "auto", "per-server" or "global", not ${JSON.stringify(mode)}.`);
  }
  if (globalThreshold !== undefined && !(Number.isInteger(globalThreshold) && globalThreshold >= 0)) {
    throw new Error(
      `discovery.globalThreshold must be a whole number of servers (0 or more), not ${JSON.stringify(globalThreshold)}.`,
    );
  }
}
