import type { JsonSchema } from '@switchboard/core';

/** Keywords OpenAI's strict mode (structured outputs) does not accept. */
const UNSUPPORTED = [
  'allOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'unevaluatedProperties',
];

/** Keywords whose value is one subschema. */
const SUBSCHEMA = ['items', 'additionalItems', 'contains'];

/** Keywords whose value maps names to subschemas. */
const SUBSCHEMA_MAPS = ['properties', '$defs', 'definitions'];

/**
 * True when a tool's parameter schema satisfies OpenAI's strict mode, so `strict: true` can be set
 * without the API rejecting the tool: the root is an object, every object schema has
 * `additionalProperties: false` and lists all its properties in `required`, and no unsupported
 * keyword (allOf, oneOf, not, if/then/else, patternProperties, …) appears anywhere.
 */
export function isStrictCompatibleSchema(schema: JsonSchema): boolean {
  return schema.type === 'object' && !('anyOf' in schema) && isStrictNode(schema);
}

function isStrictNode(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return typeof node === 'boolean';
  if (Array.isArray(node)) return node.every(isStrictNode);
  const schema = node as JsonSchema;
  if (UNSUPPORTED.some((keyword) => keyword in schema)) return false;
  if (isObjectSchema(schema) && !isClosedObject(schema)) return false;
  for (const keyword of SUBSCHEMA) {
    if (keyword in schema && !isStrictNode(schema[keyword])) return false;
  }
  for (const keyword of ['anyOf', 'prefixItems']) {
    if (keyword in schema && !(Array.isArray(schema[keyword]) && isStrictNode(schema[keyword]))) return false;
  }
  for (const keyword of SUBSCHEMA_MAPS) {
    const map = schema[keyword];
    if (
      map !== undefined &&
      !(typeof map === 'object' && map !== null && Object.values(map).every(isStrictNode))
    ) {
      return false;
    }
  }
  return true;
}

function isObjectSchema(schema: JsonSchema): boolean {
  const type = schema.type;
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || 'properties' in schema;
}

function isClosedObject(schema: JsonSchema): boolean {
  if (schema.additionalProperties !== false) return false;
  const properties = Object.keys((schema.properties as object | undefined) ?? {});
  const required = Array.isArray(schema.required) ? schema.required : [];
  return properties.every((name) => required.includes(name));
}
