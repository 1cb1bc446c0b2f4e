import { parse as parseYaml } from 'yaml';
import * as z from 'zod';

/** The front matter every recipe file starts with. */
const frontMatterSchema = z.object({
  name: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'name must be kebab-case (lowercase letters, digits, dashes)'),
  title: z.string().min(1),
  description: z.string().min(1),
  when: z.string().min(1).optional(),
  tools: z.array(z.string()).default([]),
  widgets: z.array(z.string()).default([]),
  keywords: z.array(z.string()).default([]),
});

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

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/**
 * Parses a Markdown recipe with YAML front matter (`---` fenced). `source` names the file in
 * error messages. Throws when the front matter is missing, is not valid YAML, or lacks a field.
 */
export function parseRecipe(markdown: string, source: string): Recipe {
  const match = FRONT_MATTER.exec(markdown);
  if (!match) throw new Error(`${source}: a recipe must start with YAML front matter between '---' lines`);
  let data: unknown;
  try {
    data = parseYaml(match[1]);
  } catch (error) {
    throw new Error(`${source}: invalid YAML front matter: ${(error as Error).message}`);
  }
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new Error(`${source}: invalid front matter: ${problems.join('; ')}`);
  }
  const body = match[2].trim();
  if (body === '') throw new Error(`${source}: the recipe has no body`);
  return { ...parsed.data, body };
}
