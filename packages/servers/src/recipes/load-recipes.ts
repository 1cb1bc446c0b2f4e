import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRecipe, type Recipe } from './parse-recipe.ts';

/**
 * Reads every `*.md` file of a folder as a recipe, sorted by file name. Throws on the first
 * file that does not parse, or when two recipes share a name.
 */
export async function loadRecipes(folder: URL | string): Promise<Recipe[]> {
  const path = folder instanceof URL ? fileURLToPath(folder) : folder;
  const files = (await readdir(path)).filter((file) => file.endsWith('.md')).sort();
  const recipes: Recipe[] = [];
  for (const file of files) {
    const recipe = parseRecipe(await readFile(join(path, file), 'utf8'), file);
    if (recipes.some((other) => other.name === recipe.name)) {
      throw new Error(`${file}: another recipe is already named '${recipe.name}'`);
    }
    recipes.push(recipe);
  }
  return recipes;
}
