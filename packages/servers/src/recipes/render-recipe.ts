import type { Recipe } from './parse-recipe.ts';

/** A recipe as Markdown for a model: title, purpose, tools, widgets, then the steps. */
export function renderRecipe(recipe: Recipe): string {
  const lines = [`# ${recipe.title}`, '', recipe.description, ''];
  if (recipe.when) lines.push(`When to use: ${recipe.when}`);
  if (recipe.tools.length > 0) lines.push(`Tools: ${recipe.tools.join(' → ')}`);
  if (recipe.widgets.length > 0) lines.push(`Widgets: ${recipe.widgets.join(', ')}`);
  lines.push('', recipe.body);
  return lines.join('\n');
}
