import { isPlainObject } from '../shared/is-plain-object.ts';
import { truncateText } from '../shared/truncate-text.ts';
import type { JsonSchema } from '../types/index.ts';

const MAX_DESCRIPTION = 100;

/**
 * A compact, human-readable summary of a tool's parameters for discovery answers:
 * `{ location: "string, required — City name", days: "integer" }`.
 */
export function summarizeParameters(schema: JsonSchema): Record<string, string> {
  const summary: Record<string, string> = {};
  if (!isPlainObject(schema.properties)) return summary;
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const [name, property] of Object.entries(schema.properties)) {
    const parts = [describeType(property)];
    if (required.includes(name)) parts.push('required');
    let text = parts.join(', ');
    if (
      isPlainObject(property) &&
      typeof property.description === 'string' &&
      property.description.trim() !== ''
    ) {
      text += ` — ${truncateText(property.description.trim().replace(/\s+/g, ' '), MAX_DESCRIPTION)}`;
    }
    summary[name] = text;
  }
  return summary;
}

function describeType(schema: unknown): string {
  if (!isPlainObject(schema)) return 'any';
  if (Array.isArray(schema.enum)) {
    return `one of ${truncateText(schema.enum.map((value) => JSON.stringify(value)).join('|'), 80)}`;
  }
  const type = Array.isArray(schema.type)
    ? schema.type.join('|')
    : typeof schema.type === 'string'
      ? schema.type
      : undefined;
  if (type === 'array') return `array of ${describeType(schema.items)}`;
  if (type !== undefined) return type;
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? 'object';
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) return alternatives.map(describeType).join('|');
  return isPlainObject(schema.properties) ? 'object' : 'any';
}
