import { readRecipeMarkdown, SchemaValidator } from '@switchboard/core';

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

const FRONT_MATTER_SCHEMA = {
  type: 'object',
  required: ['name', 'title', 'description', 'when'],
  properties: {
    name: { type: 'string' },
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
  const { fields, body } = readRecipeMarkdown<
    Omit<WidgetRecipe, 'body' | 'keywords'> & { keywords?: string[] }
  >(markdown, source, FRONT_MATTER_SCHEMA, validator);
  return { ...fields, keywords: fields.keywords ?? [], body };
}
