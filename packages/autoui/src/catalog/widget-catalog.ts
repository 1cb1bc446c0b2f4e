import { SchemaValidator } from '@switchboard/core';
import MiniSearch from 'minisearch';
import type { WidgetRecipe } from '../recipes/parse-widget-recipe.ts';
import { parseWidgetRecipe } from '../recipes/parse-widget-recipe.ts';
import { BUILT_IN_WIDGETS } from '../widgets/all-widgets.ts';
import type { WidgetDefinition, WidgetSize } from '../widgets/widget-definition.ts';
import { FALLBACK_WIDGET_SIZE } from '../widgets/widget-definition.ts';
import type { WidgetAlias } from './widget-aliases.ts';
import { aliasKey, WIDGET_ALIASES } from './widget-aliases.ts';

/** A recipe as `list_recipes` and `search_recipes` show it. */
export interface RecipeSummary {
  name: string;
  title: string;
  description: string;
  when: string;
}

/** A widget resolved from a (possibly aliased) name, with the params its alias implies. */
export interface ResolvedWidget {
  definition: WidgetDefinition;
  defaults: Record<string, unknown>;
}

/**
 * The widgets a UI can render: their schemas, recipes (parsed from YAML front matter), aliases and a
 * ranked recipe search (BM25 through minisearch). Built-in widgets by default; pass more to extend it.
 */
export class WidgetCatalog {
  readonly #widgets = new Map<string, WidgetDefinition>();
  readonly #recipes = new Map<string, WidgetRecipe>();
  readonly #byKey = new Map<string, WidgetAlias>();
  readonly #index: MiniSearch<WidgetRecipe & { id: string }>;

  constructor(widgets: readonly WidgetDefinition[] = BUILT_IN_WIDGETS) {
    const validator = new SchemaValidator();
    for (const [key, alias] of Object.entries(WIDGET_ALIASES)) this.#byKey.set(key, alias);
    for (const widget of widgets) {
      const recipe = parseWidgetRecipe(widget.recipe, `widget "${widget.name}"`, validator);
      if (recipe.name !== widget.name) {
        throw new Error(
          `widget "${widget.name}": its recipe is named "${recipe.name}"; the names must match`,
        );
      }
      this.#widgets.set(widget.name, widget);
      this.#recipes.set(widget.name, recipe);
      this.#byKey.set(aliasKey(widget.name), { name: widget.name });
    }
    this.#index = new MiniSearch({
      fields: ['name', 'title', 'description', 'when', 'keywordText', 'body'],
      extractField: (document, field) =>
        field === 'keywordText'
          ? document.keywords.join(' ')
          : String((document as unknown as Record<string, unknown>)[field] ?? ''),
      searchOptions: {
        boost: { name: 4, title: 3, keywordText: 3, description: 2, when: 1.5 },
        prefix: true,
        fuzzy: 0.15,
      },
    });
    this.#index.addAll([...this.#recipes.values()].map((recipe) => ({ ...recipe, id: recipe.name })));
  }

  /** Widget names, in catalog order. */
  get names(): string[] {
    return [...this.#widgets.keys()];
  }

  /** The widget named exactly `name`. */
  get(name: string): WidgetDefinition | undefined {
    return this.#widgets.get(name);
  }

  /** The widget for a name as a model may write it: exact, differently cased or punctuated, or an alias. */
  resolve(name: string): ResolvedWidget | undefined {
    const exact = this.#widgets.get(name);
    if (exact) return { definition: exact, defaults: {} };
    const alias = this.#byKey.get(aliasKey(name));
    const definition = alias && this.#widgets.get(alias.name);
    return definition ? { definition, defaults: { ...alias.defaults } } : undefined;
  }

  /** The default canvas size of a widget type. */
  sizeOf(type: string): WidgetSize {
    return this.#widgets.get(type)?.size ?? FALLBACK_WIDGET_SIZE;
  }

  /** The parsed recipe of a widget. */
  recipe(name: string): WidgetRecipe | undefined {
    return this.#recipes.get(name);
  }

  /** Every recipe, summarized. */
  list(): RecipeSummary[] {
    return [...this.#recipes.values()].map(summarize);
  }

  /** Recipes ranked by relevance to `query` (BM25 with prefix and light fuzzy matching). */
  search(query: string, limit = 5): Array<RecipeSummary & { score: number }> {
    return this.#index
      .search(query, { combineWith: 'OR' })
      .slice(0, limit)
      .map((hit) => ({
        ...summarize(this.#recipes.get(String(hit.id)) as WidgetRecipe),
        score: Math.round(hit.score * 100) / 100,
      }));
  }

  /** A recipe as Markdown for a model: purpose, when to use it, guidance, the params schema and an example. */
  renderRecipe(name: string): string | undefined {
    const recipe = this.#recipes.get(name);
    const widget = this.#widgets.get(name);
    if (!recipe || !widget) return undefined;
    return [
      `# ${recipe.title} — widget \`${name}\``,
      '',
      recipe.description,
      '',
      `When to use: ${recipe.when}`,
      '',
      recipe.body,
      '',
      'Params (JSON Schema):',
      '```json',
      JSON.stringify(widget.schema),
      '```',
      '',
      'Example:',
      '```json',
      JSON.stringify({ name, params: widget.example }),
      '```',
    ].join('\n');
  }
}

function summarize(recipe: WidgetRecipe): RecipeSummary {
  return { name: recipe.name, title: recipe.title, description: recipe.description, when: recipe.when };
}
