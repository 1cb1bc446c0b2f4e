import { describe, expect, it } from 'vitest';
import type { McpLayer, McpToolDef } from '../types/index.ts';
import { matchRecipeRoles, resolveCanonicalTools } from './resolve-canonical-tools.ts';

const tool = (name: string, description?: string): McpToolDef => ({
  name,
  description,
  inputSchema: { type: 'object' },
});
const layer = (tools: McpToolDef[], serverName = 'Tricoteuses'): McpLayer => ({
  protocol: 'mcp',
  serverName,
  tools,
});

describe('matchRecipeRoles', () => {
  it('step 1: exact names', () => {
    const roles = matchRecipeRoles([tool('search_recipes'), tool('list_recipes'), tool('get_recipe')]);
    expect(roles.search_recipes).toEqual({
      role: 'search_recipes',
      toolName: 'search_recipes',
      step: 'exact',
    });
    expect(roles.list_recipes?.step).toBe('exact');
    expect(roles.get_recipe?.toolName).toBe('get_recipe');
  });

  it('step 2: action + resource decomposition, any case, separator and number', () => {
    const roles = matchRecipeRoles([tool('browse_skills'), tool('findWorkflows'), tool('Read-Playbook')]);
    expect(roles.list_recipes).toMatchObject({ toolName: 'browse_skills', step: 'decomposition' });
    expect(roles.search_recipes).toMatchObject({ toolName: 'findWorkflows', step: 'decomposition' });
    expect(roles.get_recipe).toMatchObject({ toolName: 'Read-Playbook', step: 'decomposition' });
  });

  it('maps every documented action and resource', () => {
    for (const action of ['search', 'find', 'query']) {
      expect(matchRecipeRoles([tool(`${action}_templates`)]).search_recipes).toBeDefined();
    }
    for (const action of ['list', 'browse', 'explore', 'discover']) {
      expect(matchRecipeRoles([tool(`${action}_patterns`)]).list_recipes).toBeDefined();
    }
    for (const action of ['get', 'read', 'fetch', 'show', 'describe']) {
      expect(matchRecipeRoles([tool(`${action}_recipe`)]).get_recipe).toBeDefined();
    }
  });

  it('step 3: description scan', () => {
    const roles = matchRecipeRoles([
      tool('catalogue', 'Lists all available recipes for this server.'),
      tool('lookup', 'Searches the skill library by keyword.'),
    ]);
    expect(roles.list_recipes).toMatchObject({ toolName: 'catalogue', step: 'description' });
    expect(roles.search_recipes).toMatchObject({ toolName: 'lookup', step: 'description' });
  });

  it('step 4: none, and no false positives on ordinary tools', () => {
    const roles = matchRecipeRoles([
      tool('search_files', 'Search files matching a glob pattern in the workspace'),
      tool('get_weather', 'Get the weather for a city'),
      tool('query_sql', 'Run a SQL query'),
    ]);
    expect(roles).toEqual({});
  });

  it('prefers the earliest step, then the shorter name', () => {
    const roles = matchRecipeRoles([
      tool('list_all_skill_templates'),
      tool('browse_skills'),
      tool('index', 'Lists the recipes'),
      tool('list_recipes'),
    ]);
    expect(roles.list_recipes?.toolName).toBe('list_recipes');
    expect(
      matchRecipeRoles([tool('list_all_skill_templates'), tool('browse_skills')]).list_recipes?.toolName,
    ).toBe('browse_skills');
  });
});

describe('resolveCanonicalTools', () => {
  it('returns roles and alias entries: browse_skills → list_recipes', () => {
    const result = resolveCanonicalTools(
      layer([tool('browse_skills'), tool('get_recipe'), tool('query_sql')]),
    );
    expect(result.roles.list_recipes?.toolName).toBe('browse_skills');
    expect([...result.aliases]).toEqual([['tricoteuses_mcp_list_recipes', 'tricoteuses_mcp_browse_skills']]);
  });

  it('creates no alias when the names already match', () => {
    expect(resolveCanonicalTools(layer([tool('search_recipes')])).aliases.size).toBe(0);
  });
});
