import type { JsonSchema } from '@switchboard/core';
import { isPlainObject } from '@switchboard/core';

/** One property of a tool's input schema, as the planner needs it. */
export interface PropertyInfo {
  name: string;
  /** JSON types allowed, without `null` (e.g. `['integer']`). */
  types: string[];
  /**
   * True when the call needs it: listed in `required` and not nullable. Strict-mode schemas list every
   * property as required and mark optional ones nullable, so nullable properties count as optional.
   */
  required: boolean;
  /** Allowed values without `null`: the `enum`, or a list given in the description ("One of: a, b"). */
  choices?: unknown[];
  /** True when `choices` come from the description, not from an `enum`: a hint, not a rule. */
  choicesFromDescription?: boolean;
  description: string;
  /** `format` of a string property (`date`, `date-time`, …). */
  format?: string;
}

/** The properties of an object schema, in schema order. */
export function schemaProperties(schema: JsonSchema): PropertyInfo[] {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(properties).flatMap(([name, raw]) => {
    if (!isPlainObject(raw)) return [];
    const allTypes = typesOf(raw);
    const nullable = allTypes.includes('null');
    const description = typeof raw.description === 'string' ? raw.description : '';
    const choices = choicesOf(raw, description);
    return [
      {
        name,
        types: allTypes.filter((type) => type !== 'null'),
        required: required.includes(name) && !nullable,
        choices,
        choicesFromDescription: choices !== undefined && !Array.isArray(raw.enum),
        description,
        format: typeof raw.format === 'string' ? raw.format : undefined,
      },
    ];
  });
}

function typesOf(schema: Record<string, unknown>): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type))
    return schema.type.filter((type): type is string => typeof type === 'string');
  const variants = [schema.anyOf, schema.oneOf].find(Array.isArray) as unknown[] | undefined;
  if (variants) return variants.flatMap((variant) => (isPlainObject(variant) ? typesOf(variant) : []));
  if (Array.isArray(schema.enum))
    return [...new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value)))];
  return [];
}

function choicesOf(schema: Record<string, unknown>, description: string): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum.filter((value) => value !== null);
  const listed = /\bone of:?\s+([\w ,.'/-]+)/i.exec(description)?.[1];
  if (listed === undefined) return undefined;
  const values = listed
    .split(/,|\bor\b/)
    .map((value) => value.trim().replace(/\.$/, ''))
    .filter((value) => /^[\w-]+$/.test(value));
  return values.length >= 2 ? values : undefined;
}
