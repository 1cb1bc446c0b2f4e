import type { JsonSchema, McpToolDef } from '../types/index.ts';
import type { TextAnalyzer } from './analyze-text.ts';

/**
 * How much each part of a tool counts, as a repeat count (BM25F by repetition: the parts share one
 * term-frequency saturation and one document frequency, so a word in a tool's name weighs more than
 * the same word in its description without the two being counted as unrelated evidence).
 */
export const TOOL_FIELD_REPEATS = { name: 2, description: 1, parameters: 1 } as const;

/** How deep nested parameter schemas are read. */
const MAX_SCHEMA_DEPTH = 3;

/**
 * The weighted term list of one tool, space-joined: name parts (and title) repeated, then the
 * description, then parameter names and descriptions (nested properties and array items included).
 */
export function toolSearchText(tool: McpToolDef, analyzer: TextAnalyzer): string {
  const name = analyzer.terms(`${tool.name} ${tool.title ?? ''}`);
  const parts: string[] = [];
  for (let repeat = 0; repeat < TOOL_FIELD_REPEATS.name; repeat++) parts.push(...name);
  parts.push(...analyzer.terms(tool.description ?? ''));
  parts.push(...analyzer.terms(parameterText(tool.inputSchema)));
  return parts.join(' ');
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
