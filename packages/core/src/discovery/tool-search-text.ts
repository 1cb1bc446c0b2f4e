import { isPlainObject } from '../shared/is-plain-object.ts';
import type { McpToolDef } from '../types/index.ts';
import type { TextAnalyzer } from './analyze-text.ts';
import type { FieldWeight } from './field-statistics.ts';

/** The searchable fields of one tool, as terms. */
export interface ToolSearchFields {
  /** Name parts (snake, camel and kebab case split) and title. */
  name: string[];
  /** The description's first sentence: what the tool does, before details and examples. */
  summary: string[];
  /** The whole description. */
  description: string[];
  /** Parameter names and descriptions, nested properties and array items included. */
  parameters: string[];
}

/**
 * BM25F weights of a tool's own fields: a word in the name says most about what the tool does.
 * (The description's first sentence is read for pairs of neighbouring words.)
 */
export const TOOL_FIELD_WEIGHTS: Readonly<Record<'name' | 'description' | 'parameters', FieldWeight>> = {
  name: { weight: 3, b: 0.5 },
  description: { weight: 1, b: 0.75 },
  parameters: { weight: 1, b: 0.75 },
};

/**
 * BM25F weights of the fields every tool of a server shares: the server's name, and its description
 * and category — a request about "Yahoo Finance" or "clinical trials" reaches every tool of the
 * server that is about it, below the tool's own words.
 */
export const SHARED_FIELD_WEIGHTS: Readonly<Record<'name' | 'description', FieldWeight>> = {
  name: { weight: 1, b: 0.5 },
  description: { weight: 0.5, b: 0.75 },
};

/**
 * BM25F weights of a server as a document of its own, ranked against other servers: its shared
 * fields plus the names of its tools (what the server can do). Tool names stay out of the shared
 * fields: spread to every sibling, one tool's name would make its words look common.
 */
export const SERVER_FIELD_WEIGHTS: Readonly<Record<'name' | 'description' | 'tools', FieldWeight>> = {
  ...SHARED_FIELD_WEIGHTS,
  tools: { weight: 0.5, b: 0.75 },
};

/** How deep nested parameter schemas are read. */
const MAX_SCHEMA_DEPTH = 3;
/** The end of a description's first sentence (or line). */
const SENTENCE_END = /[.!?。！？](?:\s|$)|\n/u;

/** The terms of a tool's searchable fields. */
export function toolSearchFields(tool: McpToolDef, analyzer: TextAnalyzer): ToolSearchFields {
  const description = (tool.description ?? '').trim();
  const first = firstSentence(description);
  const summary = analyzer.terms(first);
  return {
    name: analyzer.terms(`${tool.name} ${tool.title ?? ''}`),
    summary,
    // The first sentence ends before whitespace, which no term spans: its terms start the description's.
    description: [...summary, ...analyzer.terms(description.slice(first.length))],
    parameters: parameterParts(tool.inputSchema).flatMap((part) => analyzer.terms(part)),
  };
}

/** The first sentence (or line) of a text. */
export function firstSentence(text: string): string {
  const trimmed = text.trim();
  const end = SENTENCE_END.exec(trimmed);
  return end === null ? trimmed : trimmed.slice(0, end.index + 1);
}

/** Parameter names and descriptions of a schema, nested properties included. */
export function parameterText(schema: unknown): string {
  return parameterParts(schema).join(' ');
}

/**
 * Parameter names and descriptions of a schema, in order, nested properties included: catalogs
 * repeat them from tool to tool (`query`, "Maximum number of results"), so each is analyzed once.
 */
function parameterParts(schema: unknown, depth = 0, parts: string[] = []): string[] {
  if (!isPlainObject(schema) || !isPlainObject(schema.properties) || depth > MAX_SCHEMA_DEPTH) return parts;
  for (const [name, property] of Object.entries(schema.properties)) {
    parts.push(name);
    if (!isPlainObject(property)) continue;
    if (typeof property.description === 'string' && property.description !== '')
      parts.push(property.description);
    parameterParts(property, depth + 1, parts);
    if (isPlainObject(property.items)) parameterParts(property.items, depth + 1, parts);
  }
  return parts;
}
