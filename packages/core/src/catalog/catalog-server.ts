import type { ToolLayer, ToolProtocol } from '../types/index.ts';
import type { PseudoToolKind } from './pseudo-tools.ts';
import { RECIPE_ROLES } from './resolve-canonical-tools.ts';

/** UI tools a WebMCP layer may offer, shown among the discovery tools and in the prompt's STEP 4. */
export const UI_TOOL_NAMES = ['widget_display', 'canvas', 'recall'] as const;

/** A UI tool name. */
export type UiToolName = (typeof UI_TOOL_NAMES)[number];

/** A discovery role: a pseudo-tool kind or a UI tool. */
export type DiscoveryRole = PseudoToolKind | UiToolName;

/** The order of a server's discovery tools in the per-server initial tool set. */
export const DISCOVERY_ORDER: readonly DiscoveryRole[] = [
  ...RECIPE_ROLES,
  'search_tools',
  'list_tools',
  ...UI_TOOL_NAMES,
];

/** One server as the catalog sees it. */
export interface CatalogServer {
  /** The sanitized server name, unique per protocol (a `_2` suffix is added to a duplicate). */
  server: string;
  protocol: ToolProtocol;
  layer: ToolLayer;
  /** The prefixed names of the server's real tools, in layer order. */
  toolNames: readonly string[];
  /** The name the model calls for each discovery role this server offers (canonical names, aliased when needed). */
  discovery: Readonly<Partial<Record<DiscoveryRole, string>>>;
}

/** True when two layers are the same server: same original name and protocol. */
export function sameServer(a: ToolLayer, b: ToolLayer): boolean {
  return a.serverName === b.serverName && a.protocol === b.protocol;
}
