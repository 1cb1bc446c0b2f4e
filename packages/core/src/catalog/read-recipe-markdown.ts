import { parse as parseYaml } from 'yaml';
import type { JsonSchema } from '../types/index.ts';
import { SchemaValidator } from '../validation/schema-validator.ts';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A recipe file read: its front matter's fields (checked) and its Markdown body. */
export interface RecipeMarkdown<Fields> {
  fields: Fields & { name: string };
  body: string;
}

/**
 * The one reader of recipe files — a server's recipes and a widget's recipe alike: Markdown that
 * starts with YAML front matter between `---` lines, whose `name` is kebab-case and whose fields
 * match `fieldsSchema`, then a body. `source` names the file in every error; each error says what
 * is wrong (no front matter, YAML that does not parse, a field missing or of the wrong type, no body).
 */
export function readRecipeMarkdown<Fields>(
  markdown: string,
  source: string,
  fieldsSchema: JsonSchema,
  validator = new SchemaValidator(),
): RecipeMarkdown<Fields> {
  const match = FRONT_MATTER.exec(markdown);
  if (!match) throw new Error(`${source}: a recipe must start with YAML front matter between '---' lines`);
  let data: unknown;
  try {
    data = parseYaml(match[1]);
  } catch (error) {
    throw new Error(`${source}: invalid YAML front matter: ${(error as Error).message}`);
  }
  const outcome = validator.validate(fieldsSchema, data);
  if (!outcome.valid) {
    const problems = outcome.issues.map((issue) => `${issue.path} ${issue.message}`).join('; ');
    throw new Error(`${source}: invalid front matter: ${problems}`);
  }
  const fields = data as Fields & { name: string };
  if (typeof fields.name !== 'string' || !KEBAB_CASE.test(fields.name))
    throw new Error(
      `${source}: invalid front matter: /name must be kebab-case (lowercase letters, digits, dashes)`,
    );
  const body = match[2].trim();
  if (body === '') throw new Error(`${source}: the recipe has no body`);
  return { fields, body };
}
