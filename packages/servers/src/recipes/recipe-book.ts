import { tokenize } from '../tokenize.ts';
import type { Recipe } from './parse-recipe.ts';

/** What `list_recipes` and `search_recipes` show of a recipe. */
export interface RecipeSummary {
  name: string;
  title: string;
  description: string;
  when?: string;
  widgets: string[];
}

/** A recipe found by {@link RecipeBook.search}, with its relevance. */
export interface RecipeMatch extends RecipeSummary {
  score: number;
}

/** Field weights for recipe search: a hit in the name or title counts more than one in the body. */
const WEIGHTS = { name: 4, title: 4, keywords: 3, description: 2, when: 2, widgets: 2, body: 1 } as const;

/** The recipes of one server: listing, lookup by name and keyword search. */
export class RecipeBook {
  readonly #recipes: Recipe[];

  constructor(recipes: Recipe[]) {
    this.#recipes = recipes;
  }

  /** Every recipe, summarized. */
  list(): RecipeSummary[] {
    return this.#recipes.map(summarize);
  }

  /** The recipe named `name`, or undefined. */
  get(name: string): Recipe | undefined {
    const wanted = name.trim().toLowerCase();
    return this.#recipes.find((recipe) => recipe.name === wanted);
  }

  /** Names of all recipes, for error messages. */
  names(): string[] {
    return this.#recipes.map((recipe) => recipe.name);
  }

  /**
   * Recipes ranked by how many query words they contain, weighted by field. Recipes without
   * any match are left out.
   */
  search(query: string, limit = 5): RecipeMatch[] {
    const words = [...new Set(tokenize(query))];
    if (words.length === 0) return [];
    const matches: RecipeMatch[] = [];
    for (const recipe of this.#recipes) {
      const fields: Record<keyof typeof WEIGHTS, string[]> = {
        name: tokenize(recipe.name),
        title: tokenize(recipe.title),
        keywords: tokenize(recipe.keywords.join(' ')),
        description: tokenize(recipe.description),
        when: tokenize(recipe.when ?? ''),
        widgets: tokenize(recipe.widgets.join(' ')),
        body: tokenize(recipe.body),
      };
      let score = 0;
      for (const word of words) {
        for (const field of Object.keys(WEIGHTS) as (keyof typeof WEIGHTS)[]) {
          if (fields[field].includes(word)) score += WEIGHTS[field];
        }
      }
      if (score > 0) matches.push({ ...summarize(recipe), score });
    }
    return matches.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name)).slice(0, limit);
  }
}

function summarize(recipe: Recipe): RecipeSummary {
  const summary: RecipeSummary = {
    name: recipe.name,
    title: recipe.title,
    description: recipe.description,
    widgets: recipe.widgets,
  };
  if (recipe.when) summary.when = recipe.when;
  return summary;
}
