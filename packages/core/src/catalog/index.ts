/**
 * The tool catalog: prefixed names `{server}_{protocol}_{tool}` kept in a table (parsing is a lookup),
 * aliases and canonical recipe roles, strict-mode schema sanitizing and the mapping of arguments back,
 * pseudo-tools answered locally, ranked tool search, the system prompt, discovery and activation.
 */

export * from '../discovery/index.ts';
export { activateServerTools } from './activate-server-tools.ts';
export type { PseudoToolAnswer } from './answer-pseudo-tool.ts';
export type { ArgPlan, PropertyPlan } from './arg-plan.ts';
export { buildDiscoveryTools, buildDiscoveryToolsWithAliases } from './build-discovery-tools.ts';
export { buildSystemPrompt, buildSystemPromptWithAliases } from './build-system-prompt.ts';
export { buildToolsFromLayers } from './build-tools-from-layers.ts';
export { checkStrictModeSchema } from './check-strict-mode-schema.ts';
export { STRICT_LIMITS } from './emit-strict-schema.ts';
export { FLAT_SEPARATOR } from './flatten-schema.ts';
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
export { type RestoreInfo, restoreArgs } from './restore-args.ts';
export {
  type OnSchemaPatch,
  type SanitizedSchema,
  type SanitizeSchemaOptions,
  type SchemaPatch,
  sanitizeSchema,
} from './sanitize-schema.ts';
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
