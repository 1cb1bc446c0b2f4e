import {
  prefixedToolName,
  sanitizeToolNamePart,
  shortenToolName,
  toolIdentity,
} from '../naming/tool-name.ts';
import type { McpToolDef, ToolLayer } from '../types/index.ts';
import { type CatalogNames, freeName, type LayerBase, type OwnedNames } from './catalog-names.ts';
import type { CatalogPresentationTool, CatalogServer } from './catalog-server.ts';
import { registerDiscovery } from './register-discovery.ts';

/** A layer's view in the catalog and the names it put into the tables. */
export interface LayerEntries {
  server: CatalogServer;
  owned: OwnedNames;
}

/**
 * Puts one layer into the catalog's tables under the sanitized server name `server`: its real tools
 * (first of each name), then its discovery roles (aliases and pseudo-tools) and the presentation tools
 * it declares.
 */
export function buildLayerEntries(names: CatalogNames, layer: ToolLayer, server: string): LayerEntries {
  const base: LayerBase = { layer, server, protocol: layer.protocol };
  const tools = uniqueByName(layer.tools);
  const owned: OwnedNames = { names: [], aliases: [] };
  const byRealName = registerTools(names, base, tools, owned);
  const discovery = registerDiscovery(names, base, tools, byRealName, owned);
  const presentation = presentationTools(layer, byRealName);
  return { server: { ...base, toolNames: [...byRealName.values()], discovery, presentation }, owned };
}

/** The presentation tools a layer declares that it has, under their prefixed names. */
function presentationTools(
  layer: ToolLayer,
  byRealName: ReadonlyMap<string, string>,
): CatalogPresentationTool[] {
  const declared = 'presentationTools' in layer ? (layer.presentationTools ?? []) : [];
  return declared.flatMap(({ name, purpose }) => {
    const prefixed = byRealName.get(name);
    return prefixed === undefined ? [] : [{ name: prefixed, purpose }];
  });
}

/**
 * Names the layer's tools: the default prefixed name, except that tools whose sanitized names
 * collide get a hash suffix (a tool whose real name is already provider-safe keeps the plain name).
 * Returns real name → prefixed name, in tool order.
 */
function registerTools(
  names: CatalogNames,
  base: LayerBase,
  tools: readonly McpToolDef[],
  owned: OwnedNames,
): Map<string, string> {
  const { server, protocol } = base;
  const candidates = tools.map((tool) => prefixedToolName(server, protocol, tool.name));
  const counts = new Map<string, number>();
  for (const candidate of candidates) counts.set(candidate, (counts.get(candidate) ?? 0) + 1);
  const byRealName = new Map<string, string>();
  for (const [index, tool] of tools.entries()) {
    const candidate = candidates[index] as string;
    const identity = toolIdentity(server, protocol, tool.name);
    const shared = (counts.get(candidate) ?? 0) > 1 && sanitizeToolNamePart(tool.name) !== tool.name;
    const name = freeName(names, shared ? shortenToolName(candidate, identity) : candidate, identity);
    names.table.set(name, {
      parsed: { ...base, kind: 'tool', toolName: tool.name, tool, prefixedName: name },
      originalSchema: tool.inputSchema,
      description: tool.description ?? tool.title ?? '',
    });
    owned.names.push(name);
    byRealName.set(tool.name, name);
  }
  return byRealName;
}

/** The tools with the first of each name (a server listing a name twice is a server bug). */
function uniqueByName(tools: readonly McpToolDef[]): McpToolDef[] {
  const seen = new Set<string>();
  const unique: McpToolDef[] = [];
  for (const tool of tools) {
    if (seen.has(tool.name)) continue;
    seen.add(tool.name);
    unique.push(tool);
  }
  return unique;
}
