import MiniSearch from 'minisearch';
import { TextAnalyzer } from '../discovery/analyze-text.ts';
import type { McpRecipe } from '../types/index.ts';
import type { CatalogServer } from './catalog-server.ts';
import { failure, type GlobalToolSource, oneLine } from './global-tool-source.ts';
import type { PseudoToolAnswer } from './pseudo-tool-answer.ts';

const MAX_RECIPES = 10;
const MAX_RECIPE_SERVERS = 3;
const MAX_DESCRIPTION = 200;

interface RecipeDocument {
  id: number;
  entry: CatalogServer;
  recipe: McpRecipe;
}

/**
 * Global `search_recipes(query)`: ranks the recipes every layer ships (name, description, body,
 * server), and points to the servers that serve recipes through tools of their own (those tools
 * become callable). Servers with neither are not mentioned.
 */
export function searchRecipes(args: Record<string, unknown>, source: GlobalToolSource): PseudoToolAnswer {
  const query = args.query;
  if (typeof query !== 'string' || query.trim() === '') {
    return failure('search_recipes needs a non-empty "query" string, e.g. {"query": "compare two cities"}.');
  }
  const documents: RecipeDocument[] = source.servers.flatMap((entry) =>
    (entry.layer.recipes ?? []).map((recipe) => ({ id: 0, entry, recipe })),
  );
  documents.forEach((document, index) => {
    document.id = index;
  });
  const recipeServers = source.servers.filter((entry) => ownRecipeTool(entry, source) !== undefined);
  if (documents.length === 0 && recipeServers.length === 0) {
    return {
      text: 'No server offers recipes. Use search_tools to find the tools for each step of the task.',
      revealed: [],
      isError: false,
    };
  }
  const recipes = rankRecipes(documents, query).slice(0, MAX_RECIPES);
  const relevant = new Set(recipeServers.map((entry) => entry.layer));
  const recipeTools = source
    .searchServers(query, source.servers.length)
    .flatMap((hit) =>
      recipeServers.filter((entry) => entry.server === hit.server && entry.protocol === hit.protocol),
    )
    .filter((entry) => relevant.has(entry.layer))
    .slice(0, MAX_RECIPE_SERVERS)
    .map((entry) => ({ server: entry.server, name: ownRecipeTool(entry, source) as string }));
  if (recipes.length === 0 && recipeTools.length === 0) {
    return {
      text: `No recipe matches "${query}". Try other words, or use search_tools.`,
      revealed: [],
      isError: false,
    };
  }
  return {
    text: JSON.stringify({
      query,
      recipes: recipes.map(({ entry, recipe }) => ({
        server: entry.server,
        name: recipe.name,
        ...(recipe.description ? { description: oneLine(recipe.description, MAX_DESCRIPTION) } : {}),
      })),
      ...(recipeTools.length > 0 ? { recipeTools } : {}),
      note: 'Read a recipe with get_recipe(server, name). The recipeTools search recipes on their own server and can be called from your next step.',
    }),
    revealed: recipeTools.map((tool) => tool.name),
    isError: false,
  };
}

/** The real tool a server offers for searching (or else listing) its recipes. */
function ownRecipeTool(entry: CatalogServer, source: GlobalToolSource): string | undefined {
  for (const role of ['search_recipes', 'list_recipes'] as const) {
    const name = entry.discovery[role];
    if (name !== undefined && source.realTool(name) !== undefined) return name;
  }
  return undefined;
}

function rankRecipes(documents: RecipeDocument[], query: string): RecipeDocument[] {
  if (documents.length === 0) return [];
  const analyzer = new TextAnalyzer();
  const index = new MiniSearch<RecipeDocument>({
    fields: ['name', 'description', 'body', 'server'],
    extractField: (document, field) => {
      if (field === 'id') return String(document.id);
      if (field === 'server')
        return `${document.entry.layer.serverName} ${document.entry.layer.description ?? ''}`;
      const value = document.recipe[field as 'name' | 'description' | 'body'];
      return typeof value === 'string' ? value : '';
    },
    tokenize: (text) => analyzer.terms(text),
    processTerm: (term) => term,
    searchOptions: {
      boost: { name: 2, description: 1.5, body: 1, server: 0.5 },
      prefix: (term) => term.length >= 4,
    },
  });
  index.addAll(documents);
  return index.search(query).flatMap((hit) => {
    const document = documents[Number(hit.id)];
    return document === undefined ? [] : [document];
  });
}
