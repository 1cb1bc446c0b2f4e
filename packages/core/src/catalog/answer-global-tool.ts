import {
  DEFAULT_GLOBAL_SEARCH_LIMIT,
  DEFAULT_SERVER_PAGE,
  type GlobalToolKind,
  MAX_GLOBAL_SEARCH_LIMIT,
  MAX_SERVER_PAGE,
} from '../discovery/global-tools.ts';
import { mergeQueryRankings } from '../discovery/merge-rankings.ts';
import { MAX_QUERIES, readQueries } from '../discovery/read-queries.ts';
import type { ToolSearchResult } from '../discovery/tool-search-result.ts';
import { isPlainObject } from '../shared/is-plain-object.ts';
import type { McpToolDef } from '../types/index.ts';
import type { CatalogServer } from './catalog-server.ts';
import { fullToolAnswer } from './full-tool-answer.ts';
import { failure, findServers, type GlobalToolSource, oneLine, unknownServer } from './global-tool-source.ts';
import type { PseudoToolAnswer } from './pseudo-tool-answer.ts';
import { searchRecipes } from './search-recipes.ts';
import { summarizeParameters } from './summarize-parameters.ts';

const MAX_DESCRIPTION = 200;
const MAX_SERVER_LINE = 120;
const MAX_ALSO_ON = 5;

/**
 * Answers a global discovery tool locally: ranked `search_tools` over every server (optionally one;
 * a query that is exactly a tool's name gets that tool with its whole description; only it may wait
 * on an embeddings endpoint), paginated `list_servers`, and the recipe tools across servers. Bad
 * input and unknown servers get an error answer that says what to send instead; nothing rejects.
 */
export async function answerGlobalTool(
  kind: GlobalToolKind,
  input: unknown,
  source: GlobalToolSource,
): Promise<PseudoToolAnswer> {
  if (input !== undefined && input !== null && !isPlainObject(input)) {
    return failure(
      `Expected a JSON object as input, got ${Array.isArray(input) ? 'an array' : typeof input}.`,
    );
  }
  const args = isPlainObject(input) ? input : {};
  switch (kind) {
    case 'search_tools':
      return searchTools(args, source);
    case 'list_servers':
      return listServers(args, source);
    case 'search_recipes':
      return searchRecipes(args, source);
    case 'get_recipe':
      return getRecipe(args, source);
  }
}

async function searchTools(
  args: Record<string, unknown>,
  source: GlobalToolSource,
): Promise<PseudoToolAnswer> {
  const { server } = args;
  const queries = readQueries(args);
  if (queries === undefined) {
    return failure(
      `search_tools needs "queries": short keyword queries, one per capability (at most ${MAX_QUERIES}), e.g. {"queries": ["weather forecast", "send email"]} — or a non-empty "query" string, e.g. {"query": "weather forecast"}.`,
    );
  }
  if (server !== undefined && server !== null && typeof server !== 'string') {
    return failure(
      '"server" must be a server name from list_servers, e.g. {"query": "forecast", "server": "weather"}.',
    );
  }
  const named = queries.length === 1 ? source.realTool(queries[0]) : undefined;
  if (named !== undefined) return fullToolAnswer(queries[0], queries[0], named);
  const limit = readInteger(args.limit, DEFAULT_GLOBAL_SEARCH_LIMIT, 1, MAX_GLOBAL_SEARCH_LIMIT);
  const scope =
    typeof server === 'string' && server.trim() !== '' ? findServers(server.trim(), source) : undefined;
  if (scope !== undefined && scope.length === 0) return unknownServer(String(server), source);
  const rankings = scope
    ? await scopedRankings(queries, scope, limit, source)
    : await source.searchTools(queries, { limit });
  const shown = mergeQueryRankings(rankings, (result) => result.prefixedName, limit);
  const asked = queries.length === 1 ? { query: queries[0] } : { queries };
  const wording = queries.map((query) => `"${query}"`).join(', ');
  if (shown.length === 0 && scope !== undefined)
    return firstToolsOf(scope, queries.join(' / '), limit, source);
  if (shown.length === 0) {
    return {
      text: `No tool matches ${wording}. Try other words — one short query per capability — or call list_servers.`,
      revealed: [],
      isError: false,
    };
  }
  return {
    text: JSON.stringify({
      ...asked,
      results: shown.map((result) => describeResult(result, source)),
      note: 'These tools can be called from your next step. "alsoOn" names other servers with a tool of the same name (search with "server" to get theirs).',
    }),
    revealed: shown.map((result) => result.prefixedName),
    isError: false,
  };
}

/** Each query's ranking over the servers of `scope` (one name, possibly both protocols), server after server. */
async function scopedRankings(
  queries: readonly string[],
  scope: readonly CatalogServer[],
  limit: number,
  source: GlobalToolSource,
): Promise<ToolSearchResult[][]> {
  const perServer = await Promise.all(
    scope.map((entry) =>
      source.searchTools(queries, { server: entry.server, protocol: entry.protocol, limit }),
    ),
  );
  return queries.map((_, position) => perServer.flatMap((rankings) => rankings[position] ?? []));
}

/** A server-restricted search that matched nothing: the server's first tools, so the model can go on. */
function firstToolsOf(
  scope: CatalogServer[],
  query: string,
  limit: number,
  source: GlobalToolSource,
): PseudoToolAnswer {
  const names = scope.flatMap((entry) => entry.toolNames).slice(0, limit);
  const total = scope.reduce((sum, entry) => sum + entry.toolNames.length, 0);
  if (names.length === 0)
    return { text: `Server "${scope[0]?.server}" has no tools.`, revealed: [], isError: false };
  return {
    text: JSON.stringify({
      query,
      results: names.map((name) => describeTool(name, source.realTool(name))),
      note: `No tool of this server matches "${query}"; here are ${names.length} of its ${total} tools (raise "limit" to see more). They can be called from your next step.`,
    }),
    revealed: names,
    isError: false,
  };
}

function describeResult(result: ToolSearchResult, source: GlobalToolSource): Record<string, unknown> {
  const described = describeTool(result.prefixedName, source.realTool(result.prefixedName));
  const alsoOn = result.alsoOn?.slice(0, MAX_ALSO_ON);
  return { ...described, server: result.server, ...(alsoOn && alsoOn.length > 0 ? { alsoOn } : {}) };
}

function describeTool(name: string, tool: McpToolDef | undefined): Record<string, unknown> {
  return {
    name,
    description: oneLine(tool?.description ?? tool?.title ?? '', MAX_DESCRIPTION),
    parameters: tool === undefined ? {} : summarizeParameters(tool.inputSchema),
  };
}

function listServers(args: Record<string, unknown>, source: GlobalToolSource): PseudoToolAnswer {
  const total = source.servers.length;
  const offset = readInteger(args.offset, 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = readInteger(args.limit, DEFAULT_SERVER_PAGE, 1, MAX_SERVER_PAGE);
  if (total > 0 && offset >= total) {
    return failure(
      `offset ${offset} is past the last server: there are ${total} (offsets 0 to ${total - 1}).`,
    );
  }
  const page = source.servers.slice(offset, offset + limit);
  const shared = new Set(source.servers.filter(sharesName(source.servers)).map((entry) => entry.server));
  const next = offset + page.length < total ? offset + page.length : undefined;
  return {
    text: JSON.stringify({
      total,
      offset,
      servers: page.map((entry) => ({
        name: entry.server,
        ...(shared.has(entry.server) ? { protocol: entry.protocol } : {}),
        tools: entry.toolNames.length,
        description: oneLine(entry.layer.description ?? '', MAX_SERVER_LINE),
      })),
      ...(next === undefined ? {} : { next: { offset: next } }),
      note: 'Pass a name as "server" to search_tools to search that server only.',
    }),
    revealed: [],
    isError: false,
  };
}

/** True for servers whose name another server (of the other protocol) also has. */
function sharesName(servers: readonly CatalogServer[]): (entry: CatalogServer) => boolean {
  const counts = new Map<string, number>();
  for (const entry of servers) counts.set(entry.server, (counts.get(entry.server) ?? 0) + 1);
  return (entry) => (counts.get(entry.server) ?? 0) > 1;
}

async function getRecipe(args: Record<string, unknown>, source: GlobalToolSource): Promise<PseudoToolAnswer> {
  const { server, name } = args;
  if (typeof server !== 'string' || server.trim() === '' || typeof name !== 'string' || name.trim() === '') {
    return failure('get_recipe needs "server" and "name" strings, as search_recipes returned them.');
  }
  const scope = findServers(server.trim(), source);
  if (scope.length === 0) return unknownServer(server, source);
  const withRecipes = scope.find((entry) => (entry.layer.recipes?.length ?? 0) > 0);
  if (withRecipes !== undefined) return source.answerForServer(withRecipes, 'get_recipe', { name });
  const own = scope.flatMap((entry) => {
    const tool = entry.discovery.get_recipe;
    return tool !== undefined && source.realTool(tool) !== undefined ? [tool] : [];
  });
  if (own.length > 0) {
    return {
      text: `Server "${scope[0]?.server}" serves its recipes through its own tool ${own[0]}; it is now callable — call it with the recipe name.`,
      revealed: own,
      isError: false,
    };
  }
  return failure(
    `Server "${scope[0]?.server}" has no recipes. Use search_recipes to find recipes, or search_tools.`,
  );
}

/** A whole number within [min, max], or the default when the value is absent or not a number. */
function readInteger(value: unknown, fallback: number, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}
