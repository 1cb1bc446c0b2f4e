import type { WebMcpToolInput } from '@switchboard/core';
import type { WidgetCatalog } from '../catalog/widget-catalog.ts';
import { toolError } from './tool-error.ts';

/** `search_recipes`, `list_recipes` and `get_recipe` over the widget catalog's recipes. */
export function recipeTools(catalog: WidgetCatalog): WebMcpToolInput[] {
  return [
    {
      name: 'search_recipes',
      title: 'Search widget recipes',
      description:
        'Find the widgets that fit a task, by keywords (e.g. "compare values over time", "people of a team"). Read one with get_recipe.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string', minLength: 1, description: 'What you want to show' } },
        required: ['query'],
      },
      annotations: { readOnlyHint: true },
      execute: (input) => {
        const query = String(input.query);
        const recipes = catalog.search(query);
        return recipes.length > 0
          ? { query, recipes }
          : { query, recipes: [], note: `No recipe matches; widgets: ${catalog.names.join(', ')}` };
      },
    },
    {
      name: 'list_recipes',
      title: 'List widget recipes',
      description:
        'List every widget with when to use it. Read one in full (schema, example) with get_recipe.',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true },
      execute: () => ({ recipes: catalog.list() }),
    },
    {
      name: 'get_recipe',
      title: 'Get a widget recipe',
      description:
        "Read one widget's recipe: when to use it, how to fill it, its params schema and an example.",
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 1, description: 'Widget name, e.g. "table"' } },
        required: ['name'],
      },
      annotations: { readOnlyHint: true },
      execute: (input) => {
        const resolved = catalog.resolve(String(input.name));
        const text = resolved && catalog.renderRecipe(resolved.definition.name);
        return (
          text ??
          toolError(
            `Error: unknown recipe "${String(input.name).slice(0, 100)}". Recipes: ${catalog.names.join(', ')}`,
          )
        );
      },
    },
  ];
}
