import type { ToolLayer, ToolProtocol } from '../types/index.ts';
import type { PseudoToolKind } from './pseudo-tools.ts';
import { RECIPE_ROLES } from './resolve-canonical-tools.ts';

/**
 * The discovery role of the runtime's own `recall` (it re-reads a compressed result from the
 * conversation's buffer): a WebMCP layer may list that tool so the model sees it among the first tools;
 * the dispatcher answers it either way. This is the key in `CatalogServer.discovery`, not a tool name:
 * the tool's real name is `RECALL_TOOL_NAME`, and the value under this key is its prefixed name.
 */
export const RECALL_ROLE = 'recall';

/** A discovery role: a pseudo-tool kind, or the runtime's `recall` as a WebMCP layer offers it. */
export type DiscoveryRole = PseudoToolKind | typeof RECALL_ROLE;

/** The order of a server's discovery roles in the per-server initial tool set (its presentation tools come before `recall`). */
export const DISCOVERY_ORDER: readonly PseudoToolKind[] = [...RECIPE_ROLES, 'search_tools', 'list_tools'];

/** A presentation tool of a server, as the catalog names it. */
export interface CatalogPresentationTool {
  /** The prefixed name the model calls. */
  name: string;
  /** What it does, as the prompt's display step says it. */
  purpose: string;
}

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
  /** The tools the layer declares as presenting results (offered from the start), in its order. */
  presentation: readonly CatalogPresentationTool[];
}

/** True when two layers are the same server: same original name and protocol. */
export function sameServer(a: ToolLayer, b: ToolLayer): boolean {
  return a.serverName === b.serverName && a.protocol === b.protocol;
}

/** The tools a server offers from the start besides its discovery: its presentation tools, then `recall`. */
export function displayToolNames(entry: CatalogServer): string[] {
  const recall = entry.discovery[RECALL_ROLE];
  return [...entry.presentation.map((tool) => tool.name), ...(recall === undefined ? [] : [recall])];
}
