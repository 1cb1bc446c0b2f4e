import { describe, expect, it } from 'vitest';
import type { McpLayer } from '../types/index.ts';
import { autouiLayer, mcpTool, weatherLayer } from './test-layers.ts';
import { type ParsedPseudoTool, ToolCatalog } from './tool-catalog.ts';

function setup() {
  const catalog = new ToolCatalog([weatherLayer(), autouiLayer()]);
  const pseudo = (name: string): ParsedPseudoTool => {
    const parsed = catalog.parse(name);
    if (parsed?.kind !== 'pseudo') throw new Error(`${name} is not a pseudo-tool`);
    return parsed;
  };
  return { catalog, pseudo };
}

describe('answerPseudoTool: tools', () => {
  it('list_tools lists the server tools with parameters and reveals them', async () => {
    const { catalog, pseudo } = setup();
    const answer = await catalog.answerPseudoTool(pseudo('weather_mcp_list_tools'), {});
    expect(answer.isError).toBe(false);
    expect(answer.revealed).toEqual([
      'weather_mcp_get_weather_data',
      'weather_mcp_browse_skills',
      'weather_mcp_get_alerts',
    ]);
    const body = JSON.parse(answer.text);
    expect(body.tools[0]).toEqual({
      name: 'weather_mcp_get_weather_data',
      description: 'Current weather and forecast for a location.',
      parameters: { location: 'string, required — City name', days: 'integer', center: 'object' },
    });
  });

  it('search_tools returns ranked results of that server only', async () => {
    const { catalog, pseudo } = setup();
    const answer = await catalog.answerPseudoTool(pseudo('weather_mcp_search_tools'), {
      query: 'storm alerts in my region',
    });
    expect(answer.revealed[0]).toBe('weather_mcp_get_alerts');
    expect(answer.revealed.every((name) => name.startsWith('weather_mcp_'))).toBe(true);
    const body = JSON.parse(answer.text);
    expect(body.results[0]).toMatchObject({
      name: 'weather_mcp_get_alerts',
      parameters: { region: 'string, required' },
    });
  });

  it('search_tools merges one query per capability, the best of each first', async () => {
    const { catalog, pseudo } = setup();
    const one = async (query: string) =>
      (await catalog.answerPseudoTool(pseudo('weather_mcp_search_tools'), { query, limit: 1 })).revealed;
    const answer = await catalog.answerPseudoTool(pseudo('weather_mcp_search_tools'), {
      queries: ['weather forecast', 'weather alerts'],
      query: null,
      limit: 1,
    });
    expect(answer.isError).toBe(false);
    expect(answer.revealed).toEqual([
      ...new Set([...(await one('weather forecast')), ...(await one('weather alerts'))]),
    ]);
    expect(JSON.parse(answer.text).queries).toEqual(['weather forecast', 'weather alerts']);
  });

  it('search_tools honours limit, and a strict-mode null limit means the default', async () => {
    const { catalog, pseudo } = setup();
    expect(
      (await catalog.answerPseudoTool(pseudo('weather_mcp_search_tools'), { query: 'weather', limit: 1 }))
        .revealed,
    ).toHaveLength(1);
    expect(
      (await catalog.answerPseudoTool(pseudo('weather_mcp_search_tools'), { query: 'weather', limit: null }))
        .isError,
    ).toBe(false);
  });

  it.each([{}, { query: '' }, { query: 42 }, null, undefined])(
    'search_tools explains bad input %j',
    async (input) => {
      const { catalog, pseudo } = setup();
      const answer = await catalog.answerPseudoTool(pseudo('weather_mcp_search_tools'), input);
      expect(answer).toEqual({
        text: 'Error: search_tools needs "queries" — short keyword queries, one per capability (at most 8), e.g. {"queries": ["weather forecast", "weather alerts"]} — or a non-empty "query" string, e.g. {"query": "weather forecast"}. To see every tool, call weather_mcp_list_tools.',
        revealed: [],
        isError: true,
      });
    },
  );

  it('rejects a non-object input with a clear message', async () => {
    const { catalog, pseudo } = setup();
    expect(await catalog.answerPseudoTool(pseudo('weather_mcp_list_tools'), 'all')).toMatchObject({
      isError: true,
      text: 'Error: Expected a JSON object as input, got string.',
    });
  });

  it('says so when nothing matches', async () => {
    const { catalog, pseudo } = setup();
    const answer = await catalog.answerPseudoTool(pseudo('weather_mcp_search_tools'), { query: 'zzzz qqqq' });
    expect(answer).toEqual({
      text: 'No tool of server "weather" matches "zzzz qqqq". Try other words, or call weather_mcp_list_tools to see all 3 tools.',
      revealed: [],
      isError: false,
    });
  });
});

describe('answerPseudoTool: recipes', () => {
  it('list_recipes lists name and description', async () => {
    const { catalog, pseudo } = setup();
    const body = JSON.parse((await catalog.answerPseudoTool(pseudo('autoui_webmcp_list_recipes'), {})).text);
    expect(body.recipes).toEqual([
      { name: 'Weather dashboard', description: 'Show a forecast as stat cards and a chart.' },
      { name: 'Compare cities', description: 'Compare two cities side by side in a table.' },
    ]);
  });

  it('search_recipes ranks by relevance, or lists all without a query', async () => {
    const { catalog, pseudo } = setup();
    const found = JSON.parse(
      (await catalog.answerPseudoTool(pseudo('autoui_webmcp_search_recipes'), { query: 'compare two towns' }))
        .text,
    );
    expect(found.recipes[0].name).toBe('Compare cities');
    const all = JSON.parse((await catalog.answerPseudoTool(pseudo('autoui_webmcp_search_recipes'), {})).text);
    expect(all.recipes).toHaveLength(2);
    expect(
      (await catalog.answerPseudoTool(pseudo('autoui_webmcp_search_recipes'), { query: 3 })).isError,
    ).toBe(true);
  });

  it('get_recipe returns the recipe and reveals the tools it mentions', async () => {
    const { catalog, pseudo } = setup();
    const answer = await catalog.answerPseudoTool(pseudo('autoui_webmcp_get_recipe'), {
      name: 'weather-dashboard',
    });
    expect(answer.text).toBe(
      '# Weather dashboard\n\nShow a forecast as stat cards and a chart.\n\nCall widget_display with a stat card per day.',
    );
    expect(answer.revealed).toEqual(['autoui_webmcp_widget_display']);
  });

  it('get_recipe lists the available names when the name is missing or unknown', async () => {
    const { catalog, pseudo } = setup();
    expect(await catalog.answerPseudoTool(pseudo('autoui_webmcp_get_recipe'), {})).toMatchObject({
      isError: true,
      text: 'Error: get_recipe needs a "name" string. Available recipes: ["Weather dashboard","Compare cities"].',
    });
    expect(
      (await catalog.answerPseudoTool(pseudo('autoui_webmcp_get_recipe'), { name: 'x' })).text,
    ).toContain('No recipe named "x"');
  });

  it('answers only the roles a real tool does not cover', async () => {
    const layer: McpLayer = {
      protocol: 'mcp',
      serverName: 'kitchen',
      tools: [mcpTool('find_recipes', 'Find recipes.')],
      recipes: [{ name: 'Soup', body: 'Boil water.' }],
    };
    const catalog = new ToolCatalog([layer]);
    expect(catalog.parse('kitchen_mcp_search_recipes')).toMatchObject({
      kind: 'tool',
      toolName: 'find_recipes',
    });
    const parsed = catalog.parse('kitchen_mcp_get_recipe');
    expect(parsed).toMatchObject({ kind: 'pseudo', pseudo: 'get_recipe' });
    if (parsed?.kind === 'pseudo')
      expect((await catalog.answerPseudoTool(parsed, { name: 'soup' })).text).toBe('# Soup\n\nBoil water.');
  });
});
