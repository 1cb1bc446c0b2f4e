import { type ProviderTool, RECALL_TOOL_NAME } from '@switchboard/core';

/**
 * What an offered tool is for the planner: a discovery tool (search, list, recipes), a UI tool
 * (widget display, canvas, recall) or an action tool that does the user's work.
 */
export type ToolRole = 'search' | 'list' | 'recipe' | 'widget' | 'canvas' | 'recall' | 'action';

const ROLE_SUFFIXES: ReadonlyArray<[string, ToolRole]> = [
  ['search_tools', 'search'],
  ['list_tools', 'list'],
  ['search_recipes', 'recipe'],
  ['list_recipes', 'recipe'],
  ['get_recipe', 'recipe'],
  ['widget_display', 'widget'],
  ['canvas', 'canvas'],
  [RECALL_TOOL_NAME, 'recall'],
];

/** The role of a tool by its (prefixed) name: `shop_mcp_search_tools` → `search`, `recall` → `recall`. */
export function toolRole(name: string): ToolRole {
  for (const [suffix, role] of ROLE_SUFFIXES) {
    if (name === suffix || name.endsWith(`_${suffix}`)) return role;
  }
  return 'action';
}

/**
 * The part of a discovery or UI tool's name before its role suffix, i.e. its server prefix
 * (`autoui_webmcp_widget_display` → `autoui_webmcp`); empty for action tools and bare names.
 */
export function toolPrefix(name: string): string {
  const entry = ROLE_SUFFIXES.find(([suffix]) => name === suffix || name.endsWith(`_${suffix}`));
  if (entry === undefined || name === entry[0]) return '';
  return name.slice(0, -(entry[0].length + 1));
}

/** The server's own tool name inside a prefixed name: `calculator_webmcp_calculate` → `calculate`. */
export function shortToolName(name: string): string {
  const match = /_(?:mcp|webmcp)_(.+)$/.exec(name);
  return match?.[1] ?? name;
}

/** The offered tools grouped by role, in offer order. */
export interface OfferedTools {
  all: readonly ProviderTool[];
  byName: ReadonlyMap<string, ProviderTool>;
  ofRole(role: ToolRole): ProviderTool[];
}

/** Groups a request's tools by role. */
export function offeredTools(tools: readonly ProviderTool[]): OfferedTools {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return {
    all: tools,
    byName,
    ofRole: (role) => tools.filter((tool) => toolRole(tool.name) === role),
  };
}
