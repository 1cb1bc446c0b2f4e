import MiniSearch from 'minisearch';
import { mergeRankings } from '../discovery/merge-rankings.ts';
import { MAX_QUERIES, readQueries } from '../discovery/read-queries.ts';
import type { ToolSearchOptions } from '../discovery/tool-search-index.ts';
import type { ToolSearchResult } from '../discovery/tool-search-result.ts';
import { containsWord } from '../naming/contains-word.ts';
import { isPlainObject } from '../shared/is-plain-object.ts';
import { truncateText } from '../shared/truncate-text.ts';
import type { McpRecipe, McpToolDef, ToolLayer, ToolProtocol } from '../types/index.ts';
import { fullToolAnswer } from './full-tool-answer.ts';
import type { PseudoToolAnswer } from './pseudo-tool-answer.ts';
import type { PseudoToolKind } from './pseudo-tools.ts';
import { normalizeSearchTerm, tokenizeForSearch } from './search-terms.ts';
import { summarizeParameters } from './summarize-parameters.ts';

/** What answering needs from the catalog. */
export interface PseudoToolSource {
  /** The layer's real tools with their prefixed names, in layer order. */
  toolsOf(layer: ToolLayer): ReadonlyArray<{ name: string; tool: McpToolDef }>;
  /** Ranked tool search, one ranking per query (fused with dense retrieval when the catalog has it). */
  searchTools(queries: readonly string[], options: ToolSearchOptions): Promise<ToolSearchResult[][]>;
  /** The name to call for another discovery role of the same server, if it has one. */
  discoveryName(layer: ToolLayer, kind: PseudoToolKind): string | undefined;
}

/** The pseudo-tool being answered. */
export interface PseudoToolTarget {
  layer: ToolLayer;
  server: string;
  protocol: ToolProtocol;
  pseudo: PseudoToolKind;
}

const MAX_LISTED_DESCRIPTION = 300;
const DEFAULT_SEARCH_LIMIT = 10;
const MAX_SEARCH_LIMIT = 50;

/**
 * Answers a pseudo-tool locally: list_tools, search_tools (ranked; a query that is exactly one of
 * the server's tool names gets that tool with its whole description; only it may wait on an
 * embeddings endpoint), and the recipe roles from `layer.recipes`. Bad input gives an explanatory
 * error answer; nothing rejects.
 */
export async function answerPseudoTool(
  target: PseudoToolTarget,
  input: unknown,
  source: PseudoToolSource,
): Promise<PseudoToolAnswer> {
  const args = isPlainObject(input) ? input : {};
  if (input !== undefined && input !== null && !isPlainObject(input)) {
    return failure(
      `Expected a JSON object as input, got ${Array.isArray(input) ? 'an array' : typeof input}.`,
    );
  }
  switch (target.pseudo) {
    case 'list_tools':
      return listTools(target, source);
    case 'search_tools':
      return searchTools(target, args, source);
    case 'list_recipes':
      return listRecipes(target);
    case 'search_recipes':
      return searchRecipes(target, args, source);
    case 'get_recipe':
      return getRecipe(target, args, source);
  }
}

function failure(text: string): PseudoToolAnswer {
  return { text: `Error: ${text}`, revealed: [], isError: true };
}

function describeTool(name: string, tool: McpToolDef): Record<string, unknown> {
  return {
    name,
    description: truncateText((tool.description ?? tool.title ?? '').trim(), MAX_LISTED_DESCRIPTION),
    parameters: summarizeParameters(tool.inputSchema),
  };
}

function listTools(target: PseudoToolTarget, source: PseudoToolSource): PseudoToolAnswer {
  const tools = source.toolsOf(target.layer);
  if (tools.length === 0)
    return { text: `Server "${target.server}" has no tools.`, revealed: [], isError: false };
  return {
    text: JSON.stringify({
      server: target.server,
      tools: tools.map(({ name, tool }) => describeTool(name, tool)),
      note: 'These tools can be called from your next step.',
    }),
    revealed: tools.map(({ name }) => name),
    isError: false,
  };
}

async function searchTools(
  target: PseudoToolTarget,
  args: Record<string, unknown>,
  source: PseudoToolSource,
): Promise<PseudoToolAnswer> {
  const listName = source.discoveryName(target.layer, 'list_tools');
  const queries = readQueries(args);
  if (queries === undefined) {
    const hint = listName === undefined ? '' : ` To see every tool, call ${listName}.`;
    return failure(
      `search_tools needs "queries" — short keyword queries, one per capability (at most ${MAX_QUERIES}), e.g. {"queries": ["weather forecast", "weather alerts"]} — or a non-empty "query" string, e.g. {"query": "weather forecast"}.${hint}`,
    );
  }
  const named =
    queries.length === 1 ? source.toolsOf(target.layer).find(({ name }) => name === queries[0]) : undefined;
  if (named !== undefined) return fullToolAnswer(queries[0], named.name, named.tool);
  const limit = readLimit(args.limit);
  const rankings = await source.searchTools(queries, {
    server: target.server,
    protocol: target.protocol,
    limit,
  });
  const results = mergeRankings(
    rankings,
    (result) => result.prefixedName,
    Math.min(MAX_SEARCH_LIMIT, limit * queries.length),
  );
  const wording = queries.map((query) => `"${query}"`).join(', ');
  if (results.length === 0) {
    const total = source.toolsOf(target.layer).length;
    const hint = listName === undefined ? '' : `, or call ${listName} to see all ${total} tools`;
    return {
      text: `No tool of server "${target.server}" matches ${wording}. Try other words${hint}.`,
      revealed: [],
      isError: false,
    };
  }
  const tools = new Map(source.toolsOf(target.layer).map((entry) => [entry.name, entry.tool]));
  return {
    text: JSON.stringify({
      ...(queries.length === 1 ? { query: queries[0] } : { queries }),
      results: results.flatMap((result) => {
        const tool = tools.get(result.prefixedName);
        return tool === undefined
          ? []
          : [{ ...describeTool(result.prefixedName, tool), score: Math.round(result.score * 100) / 100 }];
      }),
      note: 'Ranked by relevance (several queries: tools several of them found first, then the best of each). These tools can be called from your next step.',
    }),
    revealed: results.map((result) => result.prefixedName),
    isError: false,
  };
}

function readLimit(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_SEARCH_LIMIT;
  return Math.min(MAX_SEARCH_LIMIT, Math.max(1, Math.floor(value)));
}

function recipesOf(target: PseudoToolTarget): McpRecipe[] {
  return target.layer.recipes ?? [];
}

function summarizeRecipe(recipe: McpRecipe): Record<string, string> {
  return recipe.description === undefined
    ? { name: recipe.name }
    : { name: recipe.name, description: recipe.description };
}

function listRecipes(target: PseudoToolTarget): PseudoToolAnswer {
  return {
    text: JSON.stringify({ server: target.server, recipes: recipesOf(target).map(summarizeRecipe) }),
    revealed: [],
    isError: false,
  };
}

function searchRecipes(
  target: PseudoToolTarget,
  args: Record<string, unknown>,
  source: PseudoToolSource,
): PseudoToolAnswer {
  const query = args.query;
  if (query !== undefined && query !== null && typeof query !== 'string') {
    return failure('search_recipes takes an optional "query" string, e.g. {"query": "compare two cities"}.');
  }
  const recipes = recipesOf(target);
  if (typeof query !== 'string' || query.trim() === '') return listRecipes(target);
  const index = new MiniSearch<{ id: number; name: string; description: string; body: string }>({
    fields: ['name', 'description', 'body'],
    tokenize: tokenizeForSearch,
    processTerm: normalizeSearchTerm,
    searchOptions: {
      boost: { name: 2, description: 1.5, body: 1 },
      prefix: (term) => term.length >= 4,
      fuzzy: 0.2,
    },
  });
  index.addAll(
    recipes.map((recipe, id) => ({
      id,
      name: recipe.name,
      description: recipe.description ?? '',
      body: recipe.body ?? '',
    })),
  );
  const found = index.search(query).flatMap((hit) => {
    const recipe = recipes[hit.id as number];
    return recipe === undefined ? [] : [summarizeRecipe(recipe)];
  });
  if (found.length === 0) {
    const listName = source.discoveryName(target.layer, 'list_recipes');
    const hint = listName === undefined ? '' : ` Call ${listName} to see all ${recipes.length}.`;
    return {
      text: `No recipe of server "${target.server}" matches "${query}".${hint}`,
      revealed: [],
      isError: false,
    };
  }
  return { text: JSON.stringify({ query, recipes: found }), revealed: [], isError: false };
}

function getRecipe(
  target: PseudoToolTarget,
  args: Record<string, unknown>,
  source: PseudoToolSource,
): PseudoToolAnswer {
  const recipes = recipesOf(target);
  const names = recipes.map((recipe) => recipe.name);
  const name = args.name;
  if (typeof name !== 'string' || name.trim() === '') {
    return failure(`get_recipe needs a "name" string. Available recipes: ${JSON.stringify(names)}.`);
  }
  const wanted = normalizeName(name);
  const recipe =
    recipes.find((entry) => entry.name === name) ??
    recipes.find((entry) => normalizeName(entry.name) === wanted);
  if (recipe === undefined) {
    return failure(
      `No recipe named "${name}" on server "${target.server}". Available recipes: ${JSON.stringify(names)}.`,
    );
  }
  const text = [`# ${recipe.name}`, recipe.description, recipe.body]
    .filter((part) => part !== undefined && part !== '')
    .join('\n\n');
  const mentioned = source
    .toolsOf(target.layer)
    .filter(({ tool }) => recipe.body !== undefined && containsWord(recipe.body, tool.name, { whole: true }));
  return { text, revealed: mentioned.map(({ name: toolName }) => toolName), isError: false };
}

function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}
