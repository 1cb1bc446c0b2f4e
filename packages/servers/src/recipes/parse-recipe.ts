import { readRecipeMarkdown, SchemaValidator } from '@switchboard/core';

const LIST = { type: 'array', items: { type: 'string' } };

/** The front matter every recipe file starts with (its `name`: kebab-case, see `readRecipeMarkdown`). */
const FRONT_MATTER_SCHEMA = {
  type: 'object',
  required: ['name', 'title', 'description'],
  properties: {
    name: { type: 'string' },
    title: { type: 'string', minLength: 1 },
    description: { type: 'string', minLength: 1 },
    when: { type: 'string', minLength: 1 },
    tools: LIST,
    widgets: LIST,
    keywords: LIST,
  },
};

/** A recipe: guidance for a model on how to chain a server's tools, and which widgets to show. */
export interface Recipe {
  /** Kebab-case identifier, unique within a server. */
  name: string;
  title: string;
  /** One sentence: what the recipe achieves. */
  description: string;
  /** When a model should pick this recipe. */
  when?: string;
  /** Tools of the server the recipe uses, in order. */
  tools: string[];
  /** Widgets the recipe ends with (names from the UI widget catalog). */
  widgets: string[];
  /** Extra words that help recipe search. */
  keywords: string[];
  /** The Markdown body (the steps), without the front matter. */
  body: string;
}

/** The front matter as the schema admits it: the lists may be left out. */
type FrontMatter = Omit<Recipe, 'body' | 'tools' | 'widgets' | 'keywords'> &
  Partial<Pick<Recipe, 'tools' | 'widgets' | 'keywords'>>;

/** One validator for every recipe file (it compiles the schema once). */
const VALIDATOR = new SchemaValidator();

/**
 * Parses a Markdown recipe with YAML front matter (`---` fenced). `source` names the file in
 * error messages. Throws when the front matter is missing, is not valid YAML, or lacks a field.
 */
export function parseRecipe(markdown: string, source: string): Recipe {
  const { fields, body } = readRecipeMarkdown<FrontMatter>(markdown, source, FRONT_MATTER_SCHEMA, VALIDATOR);
  const { name, title, description, when, tools = [], widgets = [], keywords = [] } = fields;
  // Field by field: a key the schema does not know stays out of the recipe a server serves.
  return {
    name,
    title,
    description,
    ...(when === undefined ? {} : { when }),
    tools,
    widgets,
    keywords,
    body,
  };
}
