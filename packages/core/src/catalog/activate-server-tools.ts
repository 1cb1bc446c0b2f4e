import type { ProviderTool, ToolLayer } from '../types/index.ts';
import { ToolCatalog } from './tool-catalog.ts';

/**
 * Activates a server: returns `currentTools` followed by every tool of `layer` not already present,
 * appended in layer order. Existing tools are never reordered, so a provider's prompt cache stays
 * valid. Pass the conversation's catalog so names match its table; without one, a catalog of this
 * layer alone is used.
 */
export function activateServerTools(
  currentTools: readonly ProviderTool[],
  layer: ToolLayer,
  catalog: ToolCatalog = new ToolCatalog([layer]),
): ProviderTool[] {
  const present = new Set(currentTools.map((tool) => tool.name));
  return [...currentTools, ...catalog.toolsForLayer(layer).filter((tool) => !present.has(tool.name))];
}
