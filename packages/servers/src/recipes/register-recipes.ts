import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { errorResult, jsonResult, textResult } from '../tool-result.ts';
import type { RecipeBook } from './recipe-book.ts';
import { renderRecipe } from './render-recipe.ts';

/** The URI of a recipe resource: `recipe://<server>/<recipe>`. */
export function recipeUri(serverName: string, recipeName: string): string {
  return `recipe://${serverName}/${recipeName}`;
}

/**
 * Exposes a server's recipes three ways: as MCP resources (`recipe://<server>/<name>`, Markdown) for
 * clients that read resources, as prompts (named as the recipes, for a person to pick, e.g. a
 * client's slash commands: the recipe put to the model as the person's message), and as the tools
 * `list_recipes`, `get_recipe` and `search_recipes` — the canonical recipe roles the runtime
 * resolves — for models.
 */
export function registerRecipes(server: McpServer, serverName: string, book: RecipeBook): void {
  for (const recipe of book.list()) {
    server.registerPrompt(recipe.name, { title: recipe.title, description: recipe.description }, () => {
      const full = book.get(recipe.name);
      const text = full ? `Follow this recipe of the ${serverName} server.\n\n${renderRecipe(full)}` : '';
      return { messages: [{ role: 'user', content: { type: 'text', text } }] };
    });
    const uri = recipeUri(serverName, recipe.name);
    server.registerResource(
      `recipe-${recipe.name}`,
      uri,
      { title: recipe.title, description: recipe.description, mimeType: 'text/markdown' },
      (url) => {
        const full = book.get(recipe.name);
        return {
          contents: [{ uri: url.href, mimeType: 'text/markdown', text: full ? renderRecipe(full) : '' }],
        };
      },
    );
  }

  server.registerTool(
    'list_recipes',
    {
      title: 'List recipes',
      description:
        `List the recipes of the ${serverName} server: step-by-step guidance on which tools to call, ` +
        'in which order, and which widget to show the result in. Read one with get_recipe.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => jsonResult({ recipes: book.list() }),
  );

  server.registerTool(
    'search_recipes',
    {
      title: 'Search recipes',
      description:
        `Find ${serverName} recipes matching a task, by keywords (e.g. what the user asked for). ` +
        'Returns the best matches; read one with get_recipe.',
      inputSchema: z.object({
        query: z.string().min(1).describe('Keywords describing the task, e.g. "compare two countries"'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query }) => {
      const matches = book.search(query);
      if (matches.length === 0) {
        return jsonResult({
          query,
          recipes: [],
          note: `No recipe matches; available: ${book.names().join(', ')}`,
        });
      }
      return jsonResult({ query, recipes: matches });
    },
  );

  server.registerTool(
    'get_recipe',
    {
      title: 'Get a recipe',
      description: `Read one ${serverName} recipe in full: the steps, the tools to call and the widget to show.`,
      inputSchema: z.object({ name: z.string().min(1).describe('Recipe name, as given by list_recipes') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ name }) => {
      const recipe = book.get(name);
      if (!recipe)
        return errorResult(`Unknown recipe '${name}'. Available recipes: ${book.names().join(', ')}.`);
      return textResult(renderRecipe(recipe));
    },
  );
}
