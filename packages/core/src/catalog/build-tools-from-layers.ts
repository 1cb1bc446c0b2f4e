import type { ProviderTool, ToolLayer } from '../types/index.ts';
import { ToolCatalog, type ToolCatalogOptions } from './tool-catalog.ts';

/** Every real tool of every layer, prefixed and with a strict-mode schema, layer by layer. */
export function buildToolsFromLayers(
  layers: readonly ToolLayer[],
  options: ToolCatalogOptions = {},
): ProviderTool[] {
  return new ToolCatalog(layers, options).allTools();
}
