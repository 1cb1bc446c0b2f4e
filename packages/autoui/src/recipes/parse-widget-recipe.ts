import { SchemaValidator } from '@switchboard/core';
import { parse as parseYaml } from 'yaml';

/** A widget recipe: when to use the widget and how to fill it. */
export interface WidgetRecipe {
  /** The widget name (kebab-case). */
  name: string;
  title: string;
  /** One sentence: what the widget shows. */
  description: string;
  /** When a model should pick it. */
  when: string;
  /** Extra words for recipe search. */
  keywords: string[];
  /** The guidance paragraph (Markdown). */
  body: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

const FRONT_MATTER_SCHEMA = {
  type: 'object',
  required: ['name', 'title', 'description', 'when'],
  properties: {
    name: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
    title: { type: 'string', minLength: 1 },
    description: { type: 'string', minLength: 1 },
    when: { type: 'string', minLength: 1 },
    keywords: { type: 'array', items: { type: 'string' } },
  },
  additionalProperties: false,
};

/**
 * Parses a widget recipe: Markdown with YAML front matter (`---` fenced) holding name, title,
 * description, when and keywords, then the guidance. `source` names the recipe in error messages.
 * Throws a clear error when the front matter is missing, not YAML, or incomplete.
 */
export function parseWidgetRecipe(
  markdown: string,
  source: string,
  validator = new SchemaValidator(),
): WidgetRecipe {
  const match = FRONT_MATTER.exec(markdown);
  if (!match) throw new Error(`${source}: a recipe must start with YAML front matter between '---' lines`);
  let data: unknown;
  try {
    data = parseYaml(match[1]);
  } catch (error) {
    throw new Error(`${source}: invalid YAML front matter: ${(error as Error).message}`);
  }
  const outcome = validator.validate(FRONT_MATTER_SCHEMA, data);
  if (!outcome.valid) {
    const problems = outcome.issues.map((issue) => `${issue.path} ${issue.message}`).join('; ');
    throw new Error(`${source}: invalid front matter: ${problems}`);
  }
  const body = match[2].trim();
  if (body === '') throw new Error(`${source}: the recipe has no body`);
  const fields = data as Omit<WidgetRecipe, 'body' | 'keywords'> & { keywords?: string[] };
  return { ...fields, keywords: fields.keywords ?? [], body };
}
