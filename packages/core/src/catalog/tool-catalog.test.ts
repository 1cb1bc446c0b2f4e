import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { MAX_TOOL_NAME_LENGTH } from '../naming/tool-name.ts';
import { checkStrictModeSchema } from '../strict-schema/check-strict-mode-schema.ts';
import type { McpLayer } from '../types/index.ts';
import { autouiLayer, mcpTool, weatherLayer } from './test-layers.ts';
import { type ParsedGlobalTool, type ParsedPseudoTool, ToolCatalog } from './tool-catalog.ts';

describe('ToolCatalog: names and aliases', () => {
  it('resolves an alias entry: weather_mcp_get_forecast → weather_mcp_get_weather_data', async () => {
    const catalog = new ToolCatalog([weatherLayer()], {
      aliases: { weather_mcp_get_forecast: 'weather_mcp_get_weather_data' },
    });
    expect(catalog.resolveAlias('weather_mcp_get_forecast')).toBe('weather_mcp_get_weather_data');
    expect(catalog.parse('weather_mcp_get_forecast')).toMatchObject({
      kind: 'tool',
      server: 'weather',
      protocol: 'mcp',
      toolName: 'get_weather_data',
      prefixedName: 'weather_mcp_get_weather_data',
    });
  });

  it('rejects an alias to an unknown tool at construction', async () => {
    expect(() => new ToolCatalog([weatherLayer()], { aliases: { a: 'weather_mcp_nope' } })).toThrow(
      /not a tool of this catalog/,
    );
  });

  it('aliases browse_skills as the canonical list_recipes', async () => {
    const catalog = new ToolCatalog([weatherLayer()]);
    expect(catalog.aliasMap()).toEqual(new Map([['weather_mcp_list_recipes', 'weather_mcp_browse_skills']]));
    expect(catalog.parse('weather_mcp_list_recipes')).toMatchObject({
      kind: 'tool',
      toolName: 'browse_skills',
    });
    expect(catalog.servers[0]?.discovery.list_recipes).toBe('weather_mcp_list_recipes');
  });

  it('parses a server name containing _mcp_ by table lookup', async () => {
    const layer: McpLayer = {
      protocol: 'mcp',
      serverName: 'data_mcp_hub',
      tools: [mcpTool('mcp_query'), mcpTool('webmcp_x')],
    };
    const catalog = new ToolCatalog([layer]);
    expect(catalog.parse('data_mcp_hub_mcp_mcp_query')).toMatchObject({
      kind: 'tool',
      server: 'data_mcp_hub',
      protocol: 'mcp',
      toolName: 'mcp_query',
      layer,
    });
    expect(catalog.parse('data_mcp_hub_mcp_webmcp_x')).toMatchObject({ toolName: 'webmcp_x' });
    expect(catalog.parse('data_mcp_hub_mcp_missing')).toBeUndefined();
    expect(catalog.parse('data_mcp_hub_webmcp_mcp_query')).toBeUndefined();
  });

  it('shortens a 100-character tool name deterministically and parses it back', async () => {
    const longName = `fetch_${'historical_observation_'.repeat(5)}`.slice(0, 100);
    expect(longName).toHaveLength(100);
    const layer: McpLayer = { protocol: 'mcp', serverName: 'weather', tools: [mcpTool(longName)] };
    const first = new ToolCatalog([layer]).servers[0]?.toolNames[0] as string;
    const second = new ToolCatalog([{ ...layer }]).servers[0]?.toolNames[0];
    expect(first).toBe(second);
    expect(first.length).toBeLessThanOrEqual(MAX_TOOL_NAME_LENGTH);
    expect(first).toMatch(/^weather_mcp_fetch_historical_observation_[a-z_]+_[0-9a-z]{8}$/);
    expect(new ToolCatalog([layer]).parse(first)).toMatchObject({ kind: 'tool', toolName: longName });
  });

  it('keeps names unique when sanitized names collide', async () => {
    const layer: McpLayer = {
      protocol: 'mcp',
      serverName: 's',
      tools: [mcpTool('a.b'), mcpTool('a b'), mcpTool('a_b')],
    };
    const catalog = new ToolCatalog([layer]);
    const names = catalog.servers[0]?.toolNames ?? [];
    expect(new Set(names).size).toBe(3);
    expect(names[2]).toBe('s_mcp_a_b');
    expect(
      names.map((name) => catalog.parse(name)).map((parsed) => parsed?.kind === 'tool' && parsed.toolName),
    ).toEqual(['a.b', 'a b', 'a_b']);
  });

  it('disambiguates two layers whose names sanitize alike', async () => {
    const a: McpLayer = { protocol: 'mcp', serverName: 'My Server', tools: [mcpTool('x')] };
    const b: McpLayer = { protocol: 'mcp', serverName: 'my-server', tools: [mcpTool('x')] };
    const catalog = new ToolCatalog([a, b]);
    expect(catalog.servers.map((entry) => entry.server)).toEqual(['my_server', 'my_server_2']);
    expect(catalog.parse('my_server_2_mcp_x')).toMatchObject({ kind: 'tool', layer: b });
    expect(catalog.layerFor('my_server_2', 'mcp')).toBe(b);
    expect(catalog.layerFor('my_server', 'webmcp')).toBeUndefined();
  });
});

describe('ToolCatalog: pseudo-tools', () => {
  it('gives every server list_tools and search_tools, and recipe roles only with recipes data', async () => {
    const catalog = new ToolCatalog([weatherLayer(), autouiLayer()]);
    expect(catalog.parse('weather_mcp_list_tools')).toMatchObject({
      kind: 'pseudo',
      pseudo: 'list_tools',
      server: 'weather',
    });
    expect(catalog.parse('weather_mcp_search_tools')).toMatchObject({
      kind: 'pseudo',
      pseudo: 'search_tools',
    });
    expect(catalog.parse('weather_mcp_get_recipe')).toBeUndefined();
    expect(catalog.parse('autoui_webmcp_search_recipes')).toMatchObject({
      kind: 'pseudo',
      pseudo: 'search_recipes',
    });
    expect(catalog.parse('autoui_webmcp_get_recipe')).toMatchObject({ kind: 'pseudo', pseudo: 'get_recipe' });
  });

  it('lets a real tool of the same name win over a pseudo-tool', async () => {
    const layer: McpLayer = {
      protocol: 'mcp',
      serverName: 'x',
      tools: [mcpTool('list_tools')],
      recipes: [{ name: 'r' }],
    };
    const catalog = new ToolCatalog([layer]);
    expect(catalog.parse('x_mcp_list_tools')).toMatchObject({ kind: 'tool', toolName: 'list_tools' });
    expect(catalog.servers[0]?.discovery.list_tools).toBe('x_mcp_list_tools');
  });
});

describe('ToolCatalog: provider tools and arguments', () => {
  it('returns strict-mode provider tools in deterministic layer order', async () => {
    const catalog = new ToolCatalog([weatherLayer(), autouiLayer()]);
    const tools = catalog.allTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'weather_mcp_get_weather_data',
      'weather_mcp_browse_skills',
      'weather_mcp_get_alerts',
      'autoui_webmcp_widget_display',
      'autoui_webmcp_canvas',
      'autoui_webmcp_recall',
    ]);
    for (const tool of tools) expect(checkStrictModeSchema(tool.input_schema)).toEqual([]);
    expect(catalog.toolsForLayer(catalog.servers[1]?.layer as McpLayer)).toEqual(tools.slice(3));
  });

  it('keeps the asked name for an alias', async () => {
    const catalog = new ToolCatalog([weatherLayer()]);
    expect(catalog.providerTool('weather_mcp_list_recipes')).toMatchObject({
      name: 'weather_mcp_list_recipes',
      description: 'Browse the skills of this server.',
    });
    expect(catalog.providerTool('nope')).toBeUndefined();
  });

  it('throws a clear error for a layer that is not in the catalog', async () => {
    expect(() => new ToolCatalog([]).toolsForLayer(weatherLayer())).toThrow(/not part of this ToolCatalog/);
  });

  it('validates against the original schema after restoring strict-mode arguments', async () => {
    const layer = weatherLayer();
    const catalog = new ToolCatalog([layer]);
    expect(catalog.validationSchema('weather_mcp_get_weather_data')).toBe(layer.tools[0]?.inputSchema);
    expect(
      catalog.restoreArgs('weather_mcp_get_weather_data', { location: 'Paris', days: null, center: null }),
    ).toEqual({
      location: 'Paris',
    });
    expect(catalog.validationSchema('weather_mcp_search_tools')).toMatchObject({
      properties: { queries: { type: 'array' }, query: { type: 'string' } },
    });
    expect(catalog.restoreArgs('unknown', { a: null })).toEqual({ a: null });
  });

  it('flattens for local models and unflattens for both protocols', async () => {
    const catalog = new ToolCatalog([weatherLayer(), autouiLayer()], { flatten: true });
    const schema = catalog.providerTool('weather_mcp_get_weather_data')?.input_schema;
    expect(Object.keys(schema?.properties as object)).toEqual([
      'location',
      'days',
      'center__lat',
      'center__lng',
    ]);
    expect(
      catalog.restoreArgs('weather_mcp_get_weather_data', {
        location: 'Paris',
        days: 2,
        center__lat: 1,
        center__lng: 2,
      }),
    ).toEqual({ location: 'Paris', days: 2, center: { lat: 1, lng: 2 } });
    expect(
      catalog.restoreArgs('weather_mcp_get_weather_data', {
        location: 'Paris',
        days: null,
        center__lat: null,
        center__lng: null,
      }),
    ).toEqual({ location: 'Paris' });
    expect(
      catalog.restoreArgs('autoui_webmcp_widget_display', { name: 'stat', params: '{"value":3}' }),
    ).toEqual({
      name: 'stat',
      params: { value: 3 },
    });
  });

  it('reports schema patches with the prefixed tool name, once per tool', async () => {
    const onSchemaPatch = vi.fn();
    const catalog = new ToolCatalog([autouiLayer()], { onSchemaPatch });
    catalog.allTools();
    catalog.allTools();
    expect(onSchemaPatch).toHaveBeenCalledTimes(1);
    expect(onSchemaPatch).toHaveBeenCalledWith('autoui_webmcp_widget_display', {
      path: '#/properties/params',
      problem: 'free-form object (no declared properties)',
      fix: 'offered as a JSON-encoded object string',
    });
  });
});

describe('ToolCatalog: long descriptions', () => {
  const long = `Fetches a page. ${'It handles many special cases in detail. '.repeat(60)}`;
  const layer = (): McpLayer => ({
    protocol: 'mcp',
    serverName: 'web',
    tools: [mcpTool('fetch_page', long), mcpTool('ping', 'Pings.')],
  });

  it('offers a long description cut to the limit, pointing at the search that returns it whole', async () => {
    const catalog = new ToolCatalog([layer()], { maxDescriptionLength: 300 });
    const description = catalog.providerTool('web_mcp_fetch_page')?.description ?? '';
    expect(description.length).toBeLessThanOrEqual(300);
    expect(description).toMatch(
      /^Fetches a page\. .*detail\. … \(cut: web_mcp_search_tools with query "web_mcp_fetch_page" returns the whole description\)$/,
    );
    expect(catalog.providerTool('web_mcp_ping')?.description).toBe('Pings.');
    expect(
      new ToolCatalog([layer()]).providerTool('web_mcp_fetch_page')?.description.length,
    ).toBeLessThanOrEqual(1024);
  });

  it('answers that search with the whole description, per server and globally', async () => {
    const perServer = new ToolCatalog([layer()], { maxDescriptionLength: 300 });
    const own = perServer.parse('web_mcp_search_tools');
    const answer = await perServer.answerPseudoTool(own as ParsedPseudoTool, { query: 'web_mcp_fetch_page' });
    expect(JSON.parse(answer.text).results).toEqual([
      { name: 'web_mcp_fetch_page', description: long.trim(), parameters: {} },
    ]);
    expect(answer.revealed).toEqual(['web_mcp_fetch_page']);

    const global = new ToolCatalog([layer()], { maxDescriptionLength: 300, discovery: { mode: 'global' } });
    expect(global.providerTool('web_mcp_fetch_page')?.description).toContain(
      '(cut: search_tools with query "web_mcp_fetch_page"',
    );
    const parsed = global.parse('search_tools') as ParsedGlobalTool;
    const reply = JSON.parse((await global.answerPseudoTool(parsed, { query: 'web_mcp_fetch_page' })).text);
    expect(reply.results[0].description).toBe(long.trim());
  });
});

describe('ToolCatalog: discovery', () => {
  it('offers per server the recipe roles, search_tools, list_tools and the UI tools', async () => {
    const catalog = new ToolCatalog([weatherLayer(), autouiLayer()]);
    expect(catalog.discoveryTools().map((tool) => tool.name)).toEqual([
      'weather_mcp_list_recipes',
      'weather_mcp_search_tools',
      'weather_mcp_list_tools',
      'autoui_webmcp_search_recipes',
      'autoui_webmcp_list_recipes',
      'autoui_webmcp_get_recipe',
      'autoui_webmcp_search_tools',
      'autoui_webmcp_list_tools',
      'autoui_webmcp_widget_display',
      'autoui_webmcp_canvas',
      'autoui_webmcp_recall',
    ]);
    for (const tool of catalog.discoveryTools()) expect(checkStrictModeSchema(tool.input_schema)).toEqual([]);
  });
});

describe('ToolCatalog: isolation', () => {
  it('shares no state between two catalogs', async () => {
    const first = new ToolCatalog([weatherLayer()], {
      aliases: { weather_mcp_get_forecast: 'weather_mcp_get_weather_data' },
    });
    const second = new ToolCatalog([{ ...weatherLayer(), tools: [mcpTool('list_recipes')] }]);
    expect(second.resolveAlias('weather_mcp_get_forecast')).toBe('weather_mcp_get_forecast');
    expect(second.aliasMap().size).toBe(0);
    expect(first.aliasMap().size).toBe(2);
    expect(second.parse('weather_mcp_get_weather_data')).toBeUndefined();
    expect(first.searchTools('alerts')[0]?.prefixedName).toBe('weather_mcp_get_alerts');
    expect(second.searchTools('alerts')).toEqual([]);
    first.aliasMap().clear();
    expect(first.aliasMap().size).toBe(2);
  });
});

const dataFiles = ['toucan/servers.json', 'livemcpbench/servers.json'].map((file) =>
  fileURLToPath(new URL(`../../../../../shared/data/${file}`, import.meta.url)),
);
const dataAvailable = dataFiles.every((file) => existsSync(file));

describe.skipIf(!dataAvailable)(
  `ToolCatalog over the real servers${dataAvailable ? '' : ' (SKIPPED: ../shared/data is missing)'}`,
  () => {
    it('gives every tool a valid, unique name of at most 64 characters that parses back', async () => {
      const layers: McpLayer[] = dataFiles.flatMap((file) =>
        (
          JSON.parse(readFileSync(file, 'utf8')) as Array<
            Omit<McpLayer, 'protocol' | 'serverName'> & { name: string }
          >
        ).map((server) => ({
          protocol: 'mcp',
          serverName: server.name,
          description: server.description,
          tools: server.tools,
        })),
      );
      const catalog = new ToolCatalog(layers);
      let count = 0;
      for (const entry of catalog.servers) {
        const realNames = new Set(entry.layer.tools.map((tool) => tool.name));
        expect(entry.toolNames).toHaveLength(realNames.size);
        for (const name of entry.toolNames) {
          count++;
          expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
          const parsed = catalog.parse(name);
          expect(
            parsed?.kind === 'tool' &&
              parsed.layer === entry.layer &&
              entry.layer.tools.some((tool) => tool === parsed.tool),
          ).toBe(true);
        }
      }
      const names = catalog.servers.flatMap((entry) => entry.toolNames);
      expect(new Set(names).size).toBe(names.length);
      expect(count).toBeGreaterThan(6000);
    });
  },
);
