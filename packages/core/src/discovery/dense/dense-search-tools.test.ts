import { afterEach, describe, expect, it } from 'vitest';
import type { ParsedGlobalTool, ParsedPseudoTool } from '../../catalog/tool-catalog.ts';
import { ToolCatalog } from '../../catalog/tool-catalog.ts';
import type { McpLayer, McpToolDef } from '../../types/index.ts';
import { DenseRetrieval } from './dense-retrieval.ts';
import { type FakeEmbeddingsOptions, fakeEmbeddingsServer } from './fake-embeddings-server.test-helper.ts';
import { openAiEmbedder } from './openai-embeddings.ts';

const tool = (name: string, description: string): McpToolDef => ({
  name,
  description,
  inputSchema: { type: 'object', properties: {} },
});

const weather: McpLayer = {
  protocol: 'mcp',
  serverName: 'Weather',
  description: 'Forecasts for any city.',
  tools: [
    tool('get_forecast', 'Weather forecast for a city.'),
    tool('get_alerts', 'Severe weather alerts for a region.'),
  ],
};

const pets: McpLayer = {
  protocol: 'mcp',
  serverName: 'Pets',
  description: 'Animal shelter listings.',
  tools: [
    tool('random_feline', 'Fetches a random feline.'),
    tool('adopt_dog', 'Adoption listings for dogs.'),
  ],
};

/** "kitty" shares no word with any tool; the fake endpoint embeds it as "feline" (its meaning). */
const MEANING = { kitty: 'feline' };

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A catalog whose search_tools uses a fake embeddings endpoint, and the lines its retrieval logs. */
async function denseCatalog(mode: 'global' | 'per-server', server: FakeEmbeddingsOptions = {}) {
  const endpoint = await fakeEmbeddingsServer({ concepts: MEANING, ...server });
  closers.push(endpoint.close);
  const logged: string[] = [];
  // A short deadline where the endpoint hangs; elsewhere one a loaded machine always meets.
  const deadlineMs = server.hang ? 200 : 10_000;
  const dense = new DenseRetrieval({
    embed: openAiEmbedder({ baseUrl: endpoint.baseUrl, model: 'test-model' }),
    deadlineMs,
    toolDeadlineMs: deadlineMs,
    log: (line) => logged.push(line),
  });
  const catalog = new ToolCatalog([weather, pets], { discovery: { mode }, dense });
  return { catalog, logged, endpoint };
}

async function globalSearch(catalog: ToolCatalog, input: Record<string, unknown>) {
  const answer = await catalog.answerPseudoTool(catalog.parse('search_tools') as ParsedGlobalTool, input);
  return answer;
}

describe('search_tools with dense retrieval', () => {
  it('finds a tool by meaning alone, first, where lexical search finds nothing', async () => {
    const lexical = new ToolCatalog([weather, pets], { discovery: { mode: 'global' } });
    expect((await globalSearch(lexical, { query: 'kitty' })).revealed).toEqual([]);

    const { catalog, logged, endpoint } = await denseCatalog('global');
    const answer = await globalSearch(catalog, { query: 'kitty' });
    expect(answer.revealed[0]).toBe('pets_mcp_random_feline');
    expect(JSON.parse(answer.text).results[0]).toMatchObject({
      name: 'pets_mcp_random_feline',
      server: 'pets',
    });
    const both = await globalSearch(catalog, { queries: ['kitty', 'weather forecast'], limit: 1 });
    expect(both.revealed).toEqual(['pets_mcp_random_feline', 'weather_mcp_get_forecast']);
    expect(logged).toEqual([]);
    // Tools embedded once (first search), then one request per search for its queries.
    expect(endpoint.requests.map((request) => request.input.length)).toEqual([4, 1, 2]);
  });

  it('fuses within one server in per-server mode', async () => {
    const { catalog } = await denseCatalog('per-server');
    const own = catalog.parse('pets_mcp_search_tools') as ParsedPseudoTool;
    const answer = await catalog.answerPseudoTool(own, { query: 'kitty' });
    expect(answer.revealed).toEqual(['pets_mcp_random_feline', 'pets_mcp_adopt_dog']);
  });

  it('ranks lexically, and logs why once, when the endpoint fails', async () => {
    const { catalog, logged, endpoint } = await denseCatalog('global', { status: 503 });
    expect((await globalSearch(catalog, { query: 'kitty' })).revealed).toEqual([]);
    const forecast = await globalSearch(catalog, { query: 'weather forecast', limit: 1 });
    expect(forecast.revealed).toEqual(['weather_mcp_get_forecast']);
    expect(logged).toHaveLength(1);
    expect(endpoint.requests).toHaveLength(2);
    expect(logged[0]).toMatch(
      /Dense tool search failed \(Embeddings request to http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings failed: HTTP 503\); search_tools ranks lexically/,
    );
  });

  it('ranks lexically when the endpoint does not answer before the deadline', async () => {
    const { catalog, logged } = await denseCatalog('global', { hang: true });
    const forecast = await globalSearch(catalog, { query: 'weather forecast', limit: 1 });
    expect(forecast.revealed).toEqual(['weather_mcp_get_forecast']);
    expect(logged).toEqual([
      'Dense tool search failed (no embeddings before the search deadline); search_tools ranks lexically until the embeddings endpoint answers again.',
    ]);
  });
});
