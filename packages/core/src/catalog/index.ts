/**
 * The tool catalog: prefixed names `{server}_{protocol}_{tool}` kept in a table (parsing is a lookup),
 * aliases and canonical recipe roles, pseudo-tools answered locally, the system prompt, discovery and
 * activation. Schemas are made strict-mode safe by `../strict-schema/`.
 */

export * from '../discovery/index.ts';
export { activateServerTools } from './activate-server-tools.ts';
export { buildDiscoveryTools, buildDiscoveryToolsWithAliases } from './build-discovery-tools.ts';
export { buildSystemPrompt, buildSystemPromptWithAliases } from './build-system-prompt.ts';
export { buildToolsFromLayers } from './build-tools-from-layers.ts';
export type { PseudoToolAnswer } from './pseudo-tool-answer.ts';
export type { PseudoToolKind } from './pseudo-tools.ts';
export {
  type CanonicalTools,
  matchRecipeRoles,
  RECIPE_ROLES,
  type RecipeRole,
  type RoleMatch,
  type RoleMatchStep,
  resolveCanonicalTools,
} from './resolve-canonical-tools.ts';
export { sanitizeServerName } from './sanitize-server-name.ts';
export {
  type CatalogServer,
  type DiscoveryRole,
  type ParsedGlobalTool,
  type ParsedPseudoTool,
  type ParsedRealTool,
  type ParsedToolName,
  ToolCatalog,
  type ToolCatalogOptions,
  UI_TOOL_NAMES,
  type UiToolName,
} from './tool-catalog.ts';
export { MAX_TOOL_NAME_LENGTH, prefixedToolName, sanitizeToolNamePart } from './tool-name.ts';
