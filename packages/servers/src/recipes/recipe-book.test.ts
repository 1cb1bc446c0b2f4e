import { describe, expect, it } from 'vitest';
import { loadRecipes } from './load-recipes.ts';
import type { Recipe } from './parse-recipe.ts';
import { RecipeBook } from './recipe-book.ts';

function recipe(name: string, title: string, body: string, keywords: string[] = []): Recipe {
  return { name, title, description: `${title}.`, tools: [], widgets: ['table'], keywords, body };
}

describe('RecipeBook', () => {
  const book = new RecipeBook([
    recipe('country-profile', 'Country profile', 'Query one country.', ['about']),
    recipe('compare-countries', 'Compare countries', 'Query several countries side by side.', ['versus']),
  ]);

  it('lists summaries without bodies and gets a recipe by name', () => {
    expect(book.list()).toEqual([
      {
        name: 'country-profile',
        title: 'Country profile',
        description: 'Country profile.',
        widgets: ['table'],
      },
      {
        name: 'compare-countries',
        title: 'Compare countries',
        description: 'Compare countries.',
        widgets: ['table'],
      },
    ]);
    expect(book.get(' Compare-Countries ')?.body).toContain('side by side');
    expect(book.get('nope')).toBeUndefined();
  });

  it('ranks by weighted keyword hits, with plurals folded', () => {
    expect(book.search('compare France versus Spain').map((match) => match.name)).toEqual([
      'compare-countries',
    ]);
    expect(book.search('tell me about a country')[0].name).toBe('country-profile');
    expect(book.search('countries')).toHaveLength(2);
    expect(book.search('weather')).toEqual([]);
    expect(book.search('   ')).toEqual([]);
  });
});

describe('the shipped recipes', () => {
  it.each([
    ['shop', '../shop/recipes/'],
    ['open-data', '../open-data/recipes/'],
    ['calculator-storage', '../calculator-storage/recipes/'],
  ])('%s: every recipe parses with its front matter fields', async (_server, folder) => {
    const recipes = await loadRecipes(new URL(folder, import.meta.url));
    expect(recipes.length).toBeGreaterThanOrEqual(2);
    for (const found of recipes) {
      expect(found.name).toMatch(/^[a-z0-9-]+$/);
      expect(found.title.length).toBeGreaterThan(3);
      expect(found.description.length).toBeGreaterThan(20);
      expect(found.when?.length).toBeGreaterThan(10);
      expect(found.tools.length).toBeGreaterThan(0);
      expect(found.widgets.length).toBeGreaterThan(0);
      expect(found.body.length).toBeGreaterThan(100);
    }
  });
});
