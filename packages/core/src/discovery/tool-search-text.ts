import type { JsonSchema, McpToolDef } from '../types/index.ts';
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
  const description = tool.description ?? '';
  return {
    name: analyzer.terms(`${tool.name} ${tool.title ?? ''}`),
    summary: analyzer.terms(firstSentence(description)),
    description: analyzer.terms(description),
    parameters: analyzer.terms(parameterText(tool.inputSchema)),
  };
}

/** The first sentence (or line) of a text. */
export function firstSentence(text: string): string {
  const trimmed = text.trim();
  const end = SENTENCE_END.exec(trimmed);
  return end === null ? trimmed : trimmed.slice(0, end.index + 1);
}

/** Parameter names and descriptions of a schema, nested properties included. */
export function parameterText(schema: unknown, depth = 0): string {
  if (!isRecord(schema) || !isRecord(schema.properties) || depth > MAX_SCHEMA_DEPTH) return '';
  const parts: string[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    parts.push(name);
    if (!isRecord(property)) continue;
    if (typeof property.description === 'string') parts.push(property.description);
    parts.push(parameterText(property, depth + 1));
    if (isRecord(property.items)) parts.push(parameterText(property.items, depth + 1));
  }
  return parts.filter((part) => part !== '').join(' ');
}

function isRecord(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
