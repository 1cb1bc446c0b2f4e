import { describe, expect, it } from 'vitest';
import type { McpLayer, McpToolDef } from '../types/index.ts';
import { ToolSearchIndex } from './tool-search-index.ts';

const tool = (name: string, description: string, properties: Record<string, unknown> = {}): McpToolDef => ({
  name,
  description,
  inputSchema: { type: 'object', properties },
});

const weather: McpLayer = {
  protocol: 'mcp',
  serverName: 'Weather',
  description: 'Forecasts and observations from national weather services.',
  tools: [
    tool('get_forecast', 'Daily weather forecast for the next days at a location.', {
      location: { type: 'string', description: 'City name or coordinates' },
      days: { type: 'integer' },
    }),
    tool('getAlerts', 'Active severe weather alerts for a US state.', { state: { type: 'string' } }),
    tool('list_stations', 'List observation stations near a point.'),
  ],
};

const shop: McpLayer = {
  protocol: 'mcp',
  serverName: 'Shop',
  description: 'An online store.',
  tools: [
    tool('search_products', 'Find products in the catalog by keywords, e.g. weather-proof jackets.'),
    tool('create-order', 'Place an order for products.', {
      productId: { type: 'string' },
      quantity: { type: 'integer' },
    }),
  ],
};

function build(): ToolSearchIndex {
  const index = new ToolSearchIndex();
  index.add(weather);
  index.add(shop);
  return index;
}

describe('ToolSearchIndex', () => {
  it('ranks the best tool first, not merely any substring hit', () => {
    const results = build().search('what will the weather be in Paris over the next days');
    expect(results[0]?.prefixedName).toBe('weather_mcp_get_forecast');
    expect(results.map((result) => result.prefixedName)).toContain('shop_mcp_search_products');
    expect(results[0]?.score).toBeGreaterThan(results.at(-1)?.score ?? 0);
  });

  it('matches camelCase and kebab-case name parts', () => {
    expect(build().search('alerts')[0]?.toolName).toBe('getAlerts');
    expect(build().search('order')[0]?.toolName).toBe('create-order');
  });

  it('uses parameter names and descriptions', () => {
    expect(build().search('quantity')[0]?.toolName).toBe('create-order');
    expect(build().search('coordinates')[0]?.toolName).toBe('get_forecast');
  });

  it('matches prefixes and typos of longer terms', () => {
    expect(build().search('forecas')[0]?.toolName).toBe('get_forecast');
    expect(build().search('staions')[0]?.toolName).toBe('list_stations');
  });

  it('filters by server and limits the results', () => {
    const index = build();
    expect(index.search('weather', { server: 'shop' }).map((result) => result.server)).toEqual(['shop']);
    expect(index.search('weather', { limit: 1 })).toHaveLength(1);
  });

  it('returns the fields the caller needs', () => {
    expect(build().search('alerts')[0]).toEqual({
      prefixedName: 'weather_mcp_getAlerts',
      server: 'weather',
      protocol: 'mcp',
      toolName: 'getAlerts',
      description: 'Active severe weather alerts for a US state.',
      score: expect.any(Number),
    });
  });

  it('adds and removes servers incrementally; re-adding replaces', () => {
    const index = build();
    expect(index.size).toBe(5);
    index.remove('weather');
    expect(index.size).toBe(2);
    expect(index.search('forecast').map((result) => result.server)).not.toContain('weather');
    index.add(shop);
    expect(index.size).toBe(2);
    index.add(weather);
    expect(index.search('forecast')[0]?.toolName).toBe('get_forecast');
  });

  it('uses the names a caller provides', () => {
    const index = new ToolSearchIndex();
    index.add(weather, { server: 'weather_2', nameOf: (entry) => `w2_${entry.name}` });
    expect(index.search('alerts')[0]).toMatchObject({ prefixedName: 'w2_getAlerts', server: 'weather_2' });
  });

  it('returns nothing for an empty or stop-word query', () => {
    expect(build().search('')).toEqual([]);
    expect(build().search('the of and')).toEqual([]);
  });

  it('keeps indexes independent', () => {
    const first = build();
    const second = new ToolSearchIndex();
    expect(second.search('forecast')).toEqual([]);
    expect(first.search('forecast')).not.toEqual([]);
  });
});

describe('ToolSearchIndex ranking', () => {
  const files: McpLayer = {
    protocol: 'mcp',
    serverName: 'Files',
    description: 'Read and write files on disk.',
    tools: [
      tool('search_files', 'Searches file names recursively under a folder.'),
      tool('write_file', 'Writes text content to a file path.'),
    ],
  };
  const notes: McpLayer = {
    protocol: 'mcp',
    serverName: 'Notes',
    description: 'A note taking app.',
    tools: [tool('write_file', 'Writes a note as a file.')],
  };
  const trends: McpLayer = {
    protocol: 'mcp',
    serverName: 'Trends',
    description: 'Trending topics and hot lists from social networks and news sites.',
    tools: [tool('get-weibo-trending', '获取微博热搜榜单，包含时下热门话题'), tool('get_top', 'Top list.')],
  };

  function build(): ToolSearchIndex {
    const index = new ToolSearchIndex();
    for (const layer of [weather, shop, files, notes, trends]) index.add(layer);
    return index;
  }

  it('stems words, so other forms of a word match', () => {
    expect(build().search('searching for files')[0]?.prefixedName).toBe('files_mcp_search_files');
  });

  it('pulls in synonyms at a lower weight', () => {
    expect(build().search('save text to disk')[0]?.toolName).toBe('write_file');
  });

  it('matches Chinese descriptions through character pairs', () => {
    expect(build().search('热搜')[0]?.toolName).toBe('get-weibo-trending');
  });

  it('reaches a tool described in Chinese from an English request, through the dictionary', () => {
    const index = build();
    index.add({
      protocol: 'mcp',
      serverName: 'Lookups',
      description: '查询服务',
      tools: [tool('query_a', '查询天气预报'), tool('query_b', '查询火车票余票信息')],
    });
    expect(index.search('train tickets')[0]?.toolName).toBe('query_b');
  });

  it('matches words a request writes together where a tool writes them apart, and the reverse', () => {
    const index = new ToolSearchIndex();
    index.add({
      protocol: 'mcp',
      serverName: 'Cloud',
      description: 'Cloud resources.',
      tools: [
        tool('aa_solana_accounts', 'List Solana accounts.'),
        tool('zz_cosmos_accounts', 'List Cosmos DB accounts.'),
        tool('aa_key_notes', 'Key notes.'),
        tool('zz_keyvault', 'Manage secrets.'),
      ],
    });
    expect(index.search('show my cosmosdb accounts')[0]?.toolName).toBe('zz_cosmos_accounts');
    expect(index.search('open the key vault')[0]?.toolName).toBe('zz_keyvault');
    expect(index.search('show my accounts')[0]?.toolName).toBe('aa_solana_accounts');
  });

  it('lifts the tools of a server whose description matches the query', () => {
    const index = build();
    index.add({
      protocol: 'mcp',
      serverName: 'Charts',
      description: 'Music charts.',
      tools: [tool('get_top', 'Top list.')],
    });
    expect(index.search('top list from news sites')[0]).toMatchObject({
      server: 'trends',
      alsoOn: ['charts'],
    });
    expect(index.search('top list of music')[0]).toMatchObject({ server: 'charts', alsoOn: ['trends'] });
  });

  it('folds tools of the same name on several servers into one result', () => {
    const results = build().search('write file');
    expect(results.filter((result) => result.toolName === 'write_file')).toHaveLength(1);
    expect(results[0]).toMatchObject({ server: 'files', alsoOn: ['notes'] });
    const all = build().search('write file', { dedupe: false });
    expect(all.filter((result) => result.toolName === 'write_file')).toHaveLength(2);
  });

  it('ranks servers', () => {
    expect(build().searchServers('news sites', { limit: 1 })).toEqual([
      { server: 'trends', protocol: 'mcp', score: expect.any(Number) },
    ]);
  });

  it('leaves out tools the naming skips', () => {
    const index = new ToolSearchIndex();
    index.add(weather, {
      server: 'weather',
      nameOf: (entry) => (entry.name === 'getAlerts' ? undefined : entry.name),
    });
    expect(index.size).toBe(2);
  });

  it('is deterministic', () => {
    expect(build().search('list of top products and weather')).toEqual(
      build().search('list of top products and weather'),
    );
  });
});

describe('ToolSearchIndex ranking signals', () => {
  const trials: McpLayer = {
    protocol: 'mcp',
    serverName: 'Trials',
    description: 'Clinical trials registry: studies, sponsors and outcomes.',
    tools: [
      tool('get_record', 'Fetch one record by its id.'),
      tool('trial_getter', 'Fetch a trial by its NCT ID.'),
    ],
  };
  const store: McpLayer = {
    protocol: 'mcp',
    serverName: 'Store',
    description: 'A key-value store.',
    tools: [tool('get_record', 'Fetch one record by its key.'), tool('put_record', 'Save one record.')],
  };

  function build(...layers: McpLayer[]): ToolSearchIndex {
    const index = new ToolSearchIndex();
    for (const layer of [weather, shop, ...layers]) index.add(layer);
    return index;
  }

  it('lifts the tools of a server the request is about, though they never say its words', () => {
    const results = build(store, trials).search('get the record of a clinical trial', { dedupe: false });
    expect(results[0]).toMatchObject({ server: 'trials', toolName: 'get_record' });
    expect(results.findIndex((result) => result.server === 'store')).toBeGreaterThan(0);
  });

  it('ignores the request filler around the words that matter', () => {
    const index = build(store, trials);
    const names = (query: string) => index.search(query).map((result) => result.prefixedName);
    expect(names('Please could you help me, I want the weather forecast for Paris')).toEqual(
      names('weather forecast Paris'),
    );
  });

  it('gives no weight to a word hundreds of tools hold, in a longer request', () => {
    const index = new ToolSearchIndex();
    index.add({
      protocol: 'mcp',
      serverName: 'Data',
      description: 'Several services.',
      tools: [
        tool('forecast', 'Weather forecast data for a city.'),
        tool('alerts', 'Storm alerts data, with the weather service that issued them.'),
        tool('storm_tracker', 'Track a storm.'),
        ...Array.from({ length: 200 }, (_, item) => tool(`table_${item}`, 'Rows of data.')),
      ],
    });
    const names = (query: string) => index.search(query).map((result) => result.toolName);
    expect(names('storm weather forecast alerts for my city')).toEqual([
      'forecast',
      'alerts',
      'storm_tracker',
    ]);
    expect(names('storm weather forecast alerts for my city data')).toEqual(
      names('storm weather forecast alerts for my city'),
    );
  });

  it('still answers a longer request made only of words hundreds of tools hold', () => {
    const index = new ToolSearchIndex();
    index.add({
      protocol: 'mcp',
      serverName: 'Tables',
      description: 'Tables.',
      tools: Array.from({ length: 200 }, (_, item) =>
        tool(`table_${item}`, 'Read rows, columns and values of data.'),
      ),
    });
    expect(index.search('read the rows, columns and values of my data', { limit: 3 })).toHaveLength(3);
  });

  it('prefers a tool that holds neighbouring query words side by side', () => {
    const index = new ToolSearchIndex();
    index.add({
      protocol: 'mcp',
      serverName: 'Plots',
      description: 'Plots.',
      tools: [
        tool('render_a', 'Chart series from bar data.'),
        tool('render_b', 'Bar chart from series data.'),
      ],
    });
    expect(index.search('draw a bar chart of the data series')[0]?.toolName).toBe('render_b');
  });

  it('finds a coded identifier by its kind', () => {
    expect(build(store, trials).search('Summarize NCT04280705 in a report')[0]?.toolName).toBe(
      'trial_getter',
    );
  });
});
