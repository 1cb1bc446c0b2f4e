import { describe, expect, it } from 'vitest';
import type { McpLayer, McpToolDef, ToolLayer } from '../types/index.ts';
import { type ParsedGlobalTool, ToolCatalog } from './tool-catalog.ts';

const tool = (name: string, description: string, properties: Record<string, unknown> = {}): McpToolDef => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required: Object.keys(properties).slice(0, 1) },
});

const weather: McpLayer = {
  protocol: 'mcp',
  serverName: 'Weather',
  description: 'Forecasts and observations for any city.',
  tools: [
    tool('get_forecast', 'Daily weather forecast for a city.', {
      city: { type: 'string', description: 'City name' },
    }),
    tool('get_alerts', 'Severe weather alerts for a region.', { region: { type: 'string' } }),
  ],
};

const cookbook: McpLayer = {
  protocol: 'mcp',
  serverName: 'Cookbook',
  description: 'Recipes for dinner.',
  tools: [tool('find_dish', 'Find a dish by ingredient.', { ingredient: { type: 'string' } })],
  recipes: [
    {
      name: 'plan-dinner',
      description: 'Plan a dinner for guests',
      body: 'Call find_dish for each ingredient, then list the dishes.',
    },
  ],
};

const skills: McpLayer = {
  protocol: 'mcp',
  serverName: 'Skills Hub',
  description: 'Workflow skills for office work.',
  tools: [
    tool('search_skills', 'Search the skills of this hub.'),
    tool('read_skill', 'Read one skill by name.'),
  ],
};

/** `count` small servers named filler-0, filler-1, … */
function fillers(count: number): McpLayer[] {
  return Array.from({ length: count }, (_, index) => ({
    protocol: 'mcp' as const,
    serverName: `filler-${index}`,
    description: `Filler server number ${index}, about topic ${index % 7}.`,
    tools: [tool(`task_${index}`, `Does thing ${index}.`)],
  }));
}

function globalCatalog(layers: ToolLayer[] = [weather, cookbook, skills, ...fillers(3)]): ToolCatalog {
  return new ToolCatalog(layers, { discovery: { mode: 'global' } });
}

function call(catalog: ToolCatalog, name: string, input: unknown) {
  const parsed = catalog.parse(name) as ParsedGlobalTool;
  expect(parsed.kind).toBe('global');
  return catalog.answerPseudoTool(parsed, input);
}

describe('global discovery mode', () => {
  it('offers a constant-size tool set and prompt, whatever the number of servers', async () => {
    const small = globalCatalog([weather, cookbook, ...fillers(3)]);
    const large = globalCatalog([weather, cookbook, ...fillers(300)]);
    expect(small.discoveryTools()).toEqual(large.discoveryTools());
    expect(small.discoveryTools().map((entry) => entry.name)).toEqual([
      'search_tools',
      'list_servers',
      'search_recipes',
      'get_recipe',
    ]);
    const prompt = large.systemPrompt();
    expect(prompt).toContain('on 302 servers');
    expect(prompt).not.toContain('filler');
    expect(prompt).not.toContain('SERVERS');
    expect(prompt).toMatch(/one short keyword query for each.*\{"queries": \[/);
    expect(prompt).toContain('search_tools(queries?, query?, server?, limit?)');
    const digitless = (text: string) => text.replace(/\d+/g, 'N');
    expect(digitless(prompt)).toBe(digitless(small.systemPrompt()));
  });

  it('leaves the recipe tools out when no server has recipes', async () => {
    expect(
      globalCatalog([weather, ...fillers(2)])
        .discoveryTools()
        .map((entry) => entry.name),
    ).toEqual(['search_tools', 'list_servers']);
  });

  it('switches automatically above the threshold, and the per-server mode stays as it was', async () => {
    const eight = new ToolCatalog([weather, ...fillers(7)]);
    expect(eight.discoveryMode).toBe('per-server');
    expect(eight.discoveryTools().map((entry) => entry.name)).toContain('weather_mcp_search_tools');
    expect(eight.systemPrompt()).toContain('SERVERS');
    const nine = new ToolCatalog([weather, ...fillers(8)]);
    expect(nine.discoveryMode).toBe('global');
    expect(nine.discoveryTools().map((entry) => entry.name)).toEqual(['search_tools', 'list_servers']);
    const forced = new ToolCatalog([weather, ...fillers(20)], { discovery: { mode: 'per-server' } });
    expect(forced.discoveryMode).toBe('per-server');
    expect(new ToolCatalog([weather], { discovery: { globalThreshold: 0 } }).discoveryMode).toBe('global');
  });

  it('search_tools ranks every server and reveals what it returns', async () => {
    const answer = await call(globalCatalog(), 'search_tools', { query: 'weather forecast for Paris' });
    expect(answer.isError).toBe(false);
    expect(answer.revealed[0]).toBe('weather_mcp_get_forecast');
    const body = JSON.parse(answer.text);
    expect(body.results[0]).toMatchObject({
      name: 'weather_mcp_get_forecast',
      server: 'weather',
      parameters: { city: 'string, required — City name' },
    });
    expect(answer.revealed.length).toBeLessThanOrEqual(5);
  });

  it('search_tools takes one query per capability and merges their results, the best of each first', async () => {
    const answer = await call(globalCatalog(), 'search_tools', {
      queries: ['weather alerts', 'dish by ingredient'],
      limit: 2,
    });
    expect(answer.isError).toBe(false);
    expect(answer.revealed.slice(0, 2)).toEqual(['weather_mcp_get_alerts', 'cookbook_mcp_find_dish']);
    expect(answer.revealed.length).toBeLessThanOrEqual(4);
    expect(new Set(answer.revealed).size).toBe(answer.revealed.length);
    expect(JSON.parse(answer.text).queries).toEqual(['weather alerts', 'dish by ingredient']);
  });

  it('search_tools can be restricted to one server, by its listed or original name', async () => {
    const catalog = globalCatalog();
    const restricted = await call(catalog, 'search_tools', {
      query: 'weather',
      server: 'Cookbook',
      limit: 3,
    });
    expect(restricted.revealed).toEqual(['cookbook_mcp_find_dish']);
    expect(JSON.parse(restricted.text).note).toMatch(/No tool of this server matches/);
    const alerts = await call(catalog, 'search_tools', { query: 'alerts', server: 'weather' });
    expect(alerts.revealed[0]).toBe('weather_mcp_get_alerts');
    expect(new Set(alerts.revealed.map((name) => name.split('_mcp_')[0]))).toEqual(new Set(['weather']));
  });

  it('an unknown server is an error that says how to find servers', async () => {
    const answer = await call(globalCatalog(), 'search_tools', { query: 'x', server: 'wether' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/Unknown server "wether"\. Call list_servers to see the 6 servers/);
    expect(answer.text).toMatch(/search_tools without "server"/);
  });

  it('bad input gets an explanatory error', async () => {
    const catalog = globalCatalog();
    expect((await call(catalog, 'search_tools', {})).text).toMatch(/needs "queries".*or a non-empty "query"/);
    expect((await call(catalog, 'search_tools', { queries: ['weather', 3] })).isError).toBe(true);
    expect((await call(catalog, 'search_tools', { queries: Array(9).fill('weather') })).text).toMatch(
      /at most 8/,
    );
    expect((await call(catalog, 'search_tools', [1])).text).toMatch(/JSON object/);
    expect((await call(catalog, 'search_tools', { query: 'x', server: 3 })).text).toMatch(/"server" must be/);
  });

  it('list_servers pages through the servers with names, descriptions and tool counts', async () => {
    const catalog = globalCatalog([weather, ...fillers(60)]);
    const first = JSON.parse((await call(catalog, 'list_servers', {})).text);
    expect(first).toMatchObject({ total: 61, offset: 0, next: { offset: 25 } });
    expect(first.servers).toHaveLength(25);
    expect(first.servers[0]).toEqual({
      name: 'weather',
      tools: 2,
      description: 'Forecasts and observations for any city.',
    });
    const last = JSON.parse((await call(catalog, 'list_servers', { offset: 50, limit: 20 })).text);
    expect(last.servers.map((entry: { name: string }) => entry.name)).toEqual(
      Array.from({ length: 11 }, (_, index) => `filler_${index + 49}`),
    );
    expect(last.next).toBeUndefined();
    expect((await call(catalog, 'list_servers', { offset: 61 })).text).toMatch(
      /past the last server: there are 61/,
    );
  });

  it('search_recipes finds shipped recipes and servers with recipe tools of their own', async () => {
    const catalog = globalCatalog();
    const dinner = await call(catalog, 'search_recipes', { query: 'dinner for guests' });
    expect(JSON.parse(dinner.text).recipes).toEqual([
      { server: 'cookbook', name: 'plan-dinner', description: 'Plan a dinner for guests' },
    ]);
    const office = await call(catalog, 'search_recipes', { query: 'office workflow' });
    expect(JSON.parse(office.text).recipeTools).toEqual([
      { server: 'skills_hub', name: 'skills_hub_mcp_search_recipes' },
    ]);
    expect(office.revealed).toEqual(['skills_hub_mcp_search_recipes']);
  });

  it('get_recipe reads a shipped recipe and reveals the tools it mentions', async () => {
    const catalog = globalCatalog();
    const answer = await call(catalog, 'get_recipe', { server: 'cookbook', name: 'plan-dinner' });
    expect(answer.text).toContain('# plan-dinner');
    expect(answer.revealed).toEqual(['cookbook_mcp_find_dish']);
    const own = await call(catalog, 'get_recipe', { server: 'skills_hub', name: 'anything' });
    expect(own.revealed).toEqual(['skills_hub_mcp_get_recipe']);
    expect((await call(catalog, 'get_recipe', { server: 'nowhere', name: 'x' })).text).toMatch(
      /Unknown server/,
    );
    expect((await call(catalog, 'get_recipe', { server: 'weather', name: 'x' })).text).toMatch(
      /has no recipes/,
    );
  });

  it('the global tools answer in per-server mode too (a model may call them unprompted)', async () => {
    const catalog = new ToolCatalog([weather]);
    expect(catalog.discoveryMode).toBe('per-server');
    expect((await call(catalog, 'search_tools', { query: 'alerts' })).revealed[0]).toBe(
      'weather_mcp_get_alerts',
    );
  });
});

describe('ToolCatalog incremental updates', () => {
  it('replaces a server in place and re-indexes only it', async () => {
    const catalog = globalCatalog([weather, cookbook]);
    expect(catalog.searchTools('storm')).toEqual([]);
    const updated: McpLayer = {
      ...weather,
      tools: [...weather.tools, tool('storm_tracker', 'Track storms.')],
    };
    const entry = catalog.setLayer(updated);
    expect(entry.server).toBe('weather');
    expect(catalog.servers.map((server) => server.server)).toEqual(['weather', 'cookbook']);
    expect(catalog.searchTools('storm')[0]?.prefixedName).toBe('weather_mcp_storm_tracker');
    expect(catalog.parse('weather_mcp_storm_tracker')).toMatchObject({ kind: 'tool', layer: updated });
    expect(catalog.serverOf(weather)).toBeUndefined();
  });

  it('adds and removes servers, with their names, aliases and search entries', async () => {
    const catalog = new ToolCatalog([weather], {
      aliases: { old_forecast: 'weather_mcp_get_forecast' },
      discovery: { globalThreshold: 1 },
    });
    expect(catalog.discoveryMode).toBe('per-server');
    catalog.setLayer(skills);
    expect(catalog.discoveryMode).toBe('global');
    expect(catalog.parse('skills_hub_mcp_search_recipes')?.prefixedName).toBe('skills_hub_mcp_search_skills');
    expect(catalog.removeLayer('Skills Hub')).toBe(true);
    expect(catalog.parse('skills_hub_mcp_read_skill')).toBeUndefined();
    expect(catalog.resolveAlias('skills_hub_mcp_search_recipes')).toBe('skills_hub_mcp_search_recipes');
    expect(catalog.discoveryMode).toBe('per-server');
    expect(catalog.removeLayer(weather)).toBe(true);
    expect(catalog.resolveAlias('old_forecast')).toBe('old_forecast');
    expect(catalog.searchTools('forecast')).toEqual([]);
    expect(catalog.removeLayer('weather')).toBe(false);
    catalog.setLayer(weather);
    expect(catalog.resolveAlias('old_forecast')).toBe('weather_mcp_get_forecast');
  });
});
