import { sanitizeServerName } from '../naming/sanitize-server-name.ts';
import { prefixedToolName } from '../naming/tool-name.ts';
import type { McpToolDef, ToolLayer } from '../types/index.ts';
import { splitWords } from './split-words.ts';

/** The canonical recipe roles the system prompt refers to. */
export type RecipeRole = 'search_recipes' | 'list_recipes' | 'get_recipe';

/** The recipe roles in prompt order. */
export const RECIPE_ROLES: readonly RecipeRole[] = ['search_recipes', 'list_recipes', 'get_recipe'];

/** How a role was recognized: steps 1–3 of the resolution (step 4 is "not found"). */
export type RoleMatchStep = 'exact' | 'decomposition' | 'description';

/** A server tool recognized as playing a recipe role. */
export interface RoleMatch {
  role: RecipeRole;
  /** The server's real tool name. */
  toolName: string;
  step: RoleMatchStep;
}

/** The result of `resolveCanonicalTools`. */
export interface CanonicalTools {
  /** The roles found, each with the real tool that plays it. */
  roles: Partial<Record<RecipeRole, RoleMatch>>;
  /** Canonical prefixed name → real prefixed name, for every role whose tool has another name. */
  aliases: Map<string, string>;
}

const ACTIONS: ReadonlyMap<string, RecipeRole> = new Map([
  ...['search', 'find', 'query'].map((action) => [action, 'search_recipes'] as const),
  ...['list', 'browse', 'explore', 'discover'].map((action) => [action, 'list_recipes'] as const),
  ...['get', 'read', 'fetch', 'show', 'describe'].map((action) => [action, 'get_recipe'] as const),
]);

const RESOURCES: ReadonlySet<string> = new Set([
  'recipe',
  'skill',
  'template',
  'workflow',
  'playbook',
  'pattern',
]);

/** Resources trusted in descriptions ("pattern" is too common there: "search for code patterns"). */
const DESCRIBED_RESOURCES = [...RESOURCES].filter((resource) => resource !== 'pattern');

/** Verbs that make a tool an action on recipes rather than a way to find or read them. */
const MUTATING_VERBS: ReadonlySet<string> = new Set([
  'create',
  'update',
  'delete',
  'remove',
  'add',
  'set',
  'run',
  'execute',
  'write',
  'save',
  'install',
  'generate',
  'apply',
  'use',
  'manage',
]);

const STEP_RANK: Record<RoleMatchStep, number> = { exact: 0, decomposition: 1, description: 2 };

/** A description OPENING with an action verb, then at most three words, then a resource noun: "Lists all available recipes". */
const DESCRIPTION_PATTERN = new RegExp(
  `^[^\\p{L}\\p{N}]*(${[...ACTIONS.keys()].join('|')})(?:e?s|ing)?\\b[^\\p{L}\\p{N}]+(?:[\\p{L}\\p{N}-]+[^\\p{L}\\p{N}]+){0,3}?(${DESCRIBED_RESOURCES.join('|')})s?\\b`,
  'iu',
);

function singular(word: string): string {
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** The role a tool plays, and how it was recognized, if any. */
function matchTool(tool: McpToolDef): { role: RecipeRole; step: RoleMatchStep; words: number } | undefined {
  if ((RECIPE_ROLES as readonly string[]).includes(tool.name)) {
    return { role: tool.name as RecipeRole, step: 'exact', words: 2 };
  }
  const words = splitWords(tool.name);
  const action = words.find((word) => ACTIONS.has(word));
  const role = action === undefined ? undefined : ACTIONS.get(action);
  const resource = words.find((word) => RESOURCES.has(singular(word)));
  if (role !== undefined && resource !== undefined) {
    const many = resource !== singular(resource) || words.includes('all');
    return {
      role: role === 'get_recipe' && many ? 'list_recipes' : role,
      step: 'decomposition',
      words: words.length,
    };
  }
  if (words.some((word) => MUTATING_VERBS.has(word))) return undefined;
  const match = DESCRIPTION_PATTERN.exec(tool.description ?? '');
  const described = match?.[1] === undefined ? undefined : ACTIONS.get(match[1].toLowerCase());
  if (described !== undefined) return { role: role ?? described, step: 'description', words: words.length };
  return undefined;
}

/**
 * Finds which of a server's tools play the recipe roles, in four steps: exact name (`list_recipes`);
 * action + resource decomposition of the name (`browse_skills` → list_recipes, `getWorkflowTemplate`
 * → get_recipe, `getAllRecipes` → list_recipes); a scan of descriptions that open with an action on
 * a resource ("Lists all available recipes"); otherwise none.
 * When several tools claim a role, the earliest step wins, then the shorter name, then tool order.
 */
export function matchRecipeRoles(tools: readonly McpToolDef[]): Partial<Record<RecipeRole, RoleMatch>> {
  const best: Partial<Record<RecipeRole, { match: RoleMatch; words: number }>> = {};
  for (const tool of tools) {
    const found = matchTool(tool);
    if (found === undefined) continue;
    const current = best[found.role];
    const better =
      current === undefined ||
      STEP_RANK[found.step] < STEP_RANK[current.match.step] ||
      (found.step === current.match.step && found.words < current.words);
    if (better)
      best[found.role] = {
        match: { role: found.role, toolName: tool.name, step: found.step },
        words: found.words,
      };
  }
  const roles: Partial<Record<RecipeRole, RoleMatch>> = {};
  for (const role of RECIPE_ROLES) {
    const entry = best[role];
    if (entry !== undefined) roles[role] = entry.match;
  }
  return roles;
}

/**
 * Resolves a layer's canonical recipe tools: the roles found (see `matchRecipeRoles`) and the alias
 * entries `{server}_{protocol}_{role}` → `{server}_{protocol}_{real tool}` (e.g.
 * `tricoteuses_mcp_list_recipes` → `tricoteuses_mcp_browse_skills`), using the default naming.
 * A `ToolCatalog` builds the same aliases with the names of its own table.
 */
export function resolveCanonicalTools(layer: ToolLayer): CanonicalTools {
  const server = sanitizeServerName(layer.serverName);
  const roles = matchRecipeRoles(layer.tools);
  const aliases = new Map<string, string>();
  for (const match of Object.values(roles)) {
    if (match.toolName === match.role) continue;
    aliases.set(
      prefixedToolName(server, layer.protocol, match.role),
      prefixedToolName(server, layer.protocol, match.toolName),
    );
  }
  return { roles, aliases };
}
