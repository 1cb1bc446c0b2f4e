import { isPlainObject } from '../shared/is-plain-object.ts';
import type { JsonSchema } from '../types/index.ts';

/** Separator between the parts of a flattened property name (`center__lat`). */
export const FLAT_SEPARATOR = '__';

/** A flattened root schema and, for each flattened property, its path in the nested arguments. */
export interface FlattenedSchema {
  schema: JsonSchema;
  paths: Map<string, string[]>;
}

/**
 * Flattens nested object properties of a strict-mode root schema into top-level properties named
 * `parent__child` (for local models that handle flat parameters better). Children of a nullable
 * object become nullable. Returns undefined when two flattened names would collide.
 */
export function flattenSchema(root: JsonSchema): FlattenedSchema | undefined {
  const properties: Record<string, JsonSchema> = {};
  const paths = new Map<string, string[]>();
  const ok = collect(root, [], false, properties, paths);
  if (!ok) return undefined;
  return {
    schema: { ...root, properties, required: Object.keys(properties), additionalProperties: false },
    paths,
  };
}

function collect(
  object: JsonSchema,
  path: string[],
  nullable: boolean,
  out: Record<string, JsonSchema>,
  paths: Map<string, string[]>,
): boolean {
  const properties = isPlainObject(object.properties) ? object.properties : {};
  for (const [name, child] of Object.entries(properties)) {
    if (!isPlainObject(child)) continue;
    const childPath = [...path, name];
    if (isNestedObject(child)) {
      if (!collect(child, childPath, nullable || acceptsNull(child), out, paths)) return false;
      continue;
    }
    const key = childPath.join(FLAT_SEPARATOR);
    if (Object.hasOwn(out, key)) return false;
    out[key] = nullable ? withNull(child) : child;
    if (path.length > 0) paths.set(key, childPath);
  }
  return true;
}

function isNestedObject(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return (
    types.includes('object') && isPlainObject(schema.properties) && Object.keys(schema.properties).length > 0
  );
}

function acceptsNull(schema: JsonSchema): boolean {
  return Array.isArray(schema.type) && schema.type.includes('null');
}

function withNull(schema: JsonSchema): JsonSchema {
  if (acceptsNull(schema) || schema.type === 'null') return schema;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const result: JsonSchema = { ...schema, type: [...types, 'null'] };
  if (Array.isArray(schema.enum)) result.enum = [...schema.enum, null];
  return result;
}
