import { RECALL_TOOL_NAME } from '../naming/recall-tool-name.ts';
import { prefixedToolName, toolIdentity } from '../naming/tool-name.ts';
import type { McpToolDef } from '../types/index.ts';
import { type CatalogNames, freeName, type LayerBase, type OwnedNames } from './catalog-names.ts';
import { type DiscoveryRole, RECALL_ROLE } from './catalog-server.ts';
import { pseudoToolDefinition, TOOL_PSEUDO_KINDS } from './pseudo-tools.ts';
import { matchRecipeRoles, RECIPE_ROLES } from './resolve-canonical-tools.ts';

/**
 * Decides what answers each discovery role of a layer: a real tool playing a recipe role (aliased
 * under the canonical name), a real tool of the role's own name, or a pseudo-tool (search_tools and
 * list_tools always; recipe roles only when the layer ships recipes). Adds the `recall` a WebMCP layer lists.
 * Writes the aliases and pseudo-tools into `names` and records them in `owned`.
 */
export function registerDiscovery(
  names: CatalogNames,
  base: LayerBase,
  tools: readonly McpToolDef[],
  byRealName: ReadonlyMap<string, string>,
  owned: OwnedNames,
): Partial<Record<DiscoveryRole, string>> {
  const { layer, server, protocol } = base;
  const discovery: Partial<Record<DiscoveryRole, string>> = {};
  const roles = matchRecipeRoles(tools);
  const hasRecipes = (layer.recipes?.length ?? 0) > 0;
  const label = `server "${server}"${layer.description ? ` (${truncate(layer.description, 120)})` : ''}`;
  for (const kind of [...RECIPE_ROLES, ...TOOL_PSEUDO_KINDS]) {
    const match = kind === 'list_tools' || kind === 'search_tools' ? undefined : roles[kind];
    const canonical = prefixedToolName(server, protocol, kind);
    if (match !== undefined) {
      const real = byRealName.get(match.toolName) as string;
      if (real !== canonical && !names.table.has(canonical) && !names.aliases.has(canonical)) {
        names.aliases.set(canonical, real);
        owned.aliases.push(canonical);
      }
      discovery[kind] = names.aliases.get(canonical) === real ? canonical : real;
    } else if (byRealName.has(kind)) {
      discovery[kind] = byRealName.get(kind);
    } else if (TOOL_PSEUDO_KINDS.includes(kind) || hasRecipes) {
      const name = freeName(names, canonical, toolIdentity(server, protocol, `pseudo:${kind}`));
      const definition = pseudoToolDefinition(kind, label);
      names.table.set(name, {
        parsed: { ...base, kind: 'pseudo', pseudo: kind, prefixedName: name },
        originalSchema: definition.inputSchema,
        description: definition.description,
      });
      owned.names.push(name);
      discovery[kind] = name;
    }
  }
  const recall = protocol === 'webmcp' ? byRealName.get(RECALL_TOOL_NAME) : undefined;
  if (recall !== undefined) discovery[RECALL_ROLE] = recall;
  return discovery;
}

function truncate(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}
