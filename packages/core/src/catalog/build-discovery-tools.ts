import type { ProviderTool, ToolLayer } from '../types/index.ts';
import { ToolCatalog, type ToolCatalogOptions } from './tool-catalog.ts';

/**
 * The initial (discovery) tool set: per server search_recipes, list_recipes, get_recipe (when the
 * server has them, real or pseudo), search_tools and list_tools; plus the presentation tools a layer
 * declares and a WebMCP layer's recall. See `ToolCatalog.discoveryTools`.
 */
export function buildDiscoveryTools(
  layers: readonly ToolLayer[],
  options: ToolCatalogOptions = {},
): ProviderTool[] {
  return new ToolCatalog(layers, options).discoveryTools();
}

/** The discovery tools and their alias table (canonical name → real name), from one fresh catalog. */
export function buildDiscoveryToolsWithAliases(
  layers: readonly ToolLayer[],
  options: ToolCatalogOptions = {},
): { tools: ProviderTool[]; aliasMap: Map<string, string> } {
  const catalog = new ToolCatalog(layers, options);
  return { tools: catalog.discoveryTools(), aliasMap: catalog.aliasMap() };
}
