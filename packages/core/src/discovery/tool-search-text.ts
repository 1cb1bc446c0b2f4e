import { isPlainObject } from '../shared/is-plain-object.ts';
import type { McpToolDef } from '../types/index.ts';
import type { TextAnalyzer } from './analyze-text.ts';

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
