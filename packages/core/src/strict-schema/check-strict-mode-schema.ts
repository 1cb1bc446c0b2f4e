import { isPlainObject } from '../shared/is-plain-object.ts';
import type { JsonSchema } from '../types/index.ts';
import { STRICT_LIMITS } from './emit-strict-schema.ts';
import { pointerSegment, resolveSchemaRef } from './resolve-schema-ref.ts';
import { STRICT_STRING_FORMATS } from './strict-string-formats.ts';

const COMMON_KEYWORDS = ['type', 'description', 'title', 'enum', 'const', 'anyOf', '$ref'];
const KEYWORDS_BY_TYPE: Record<string, string[]> = {
  string: ['pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  boolean: [],
  null: [],
  array: ['items', 'minItems', 'maxItems'],
  object: ['properties', 'required', 'additionalProperties'],
};
const NUMERIC_KEYWORDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
];

interface CheckState {
  root: JsonSchema;
  problems: string[];
  properties: number;
  enumValues: number;
  stringLength: number;
}

/**
 * Checks a tool input schema against OpenAI's documented strict-mode (Structured Outputs) rules and
 * returns the problems found (empty when the schema is accepted): root of type object and not anyOf;
 * `type` on every schema (or anyOf/$ref); `additionalProperties: false` and every property listed in
 * `required` on every object; `items` on arrays; supported keywords and string formats only; nullable
 * enums listing null; `$ref` only to `#` or `#/$defs/…`; nesting ≤ 10 levels; ≤ 5000 properties;
 * ≤ 1000 enum values; ≤ 15,000 characters for an enum of more than 250 values; ≤ 120,000 characters
 * of property names, enum and const values.
 */
export function checkStrictModeSchema(schema: unknown): string[] {
  if (!isPlainObject(schema)) return ['#: the schema is not an object'];
  const state: CheckState = { root: schema, problems: [], properties: 0, enumValues: 0, stringLength: 0 };
  if (schema.type !== 'object') state.problems.push('#: the root must have type "object"');
  if ('anyOf' in schema) state.problems.push('#: the root must not be anyOf');
  checkNode(schema, '#', 1, state, true);
  if (state.properties > STRICT_LIMITS.maxProperties) {
    state.problems.push(`#: ${state.properties} properties in total (limit ${STRICT_LIMITS.maxProperties})`);
  }
  if (state.enumValues > STRICT_LIMITS.maxEnumValues) {
    state.problems.push(`#: ${state.enumValues} enum values in total (limit ${STRICT_LIMITS.maxEnumValues})`);
  }
  if (state.stringLength > STRICT_LIMITS.maxTotalStringLength) {
    state.problems.push(
      `#: ${state.stringLength} characters of names and enum values (limit ${STRICT_LIMITS.maxTotalStringLength})`,
    );
  }
  return state.problems;
}

function checkNode(node: unknown, path: string, depth: number, state: CheckState, isRoot: boolean): void {
  const problems = state.problems;
  if (!isPlainObject(node)) {
    problems.push(`${path}: not a schema object`);
    return;
  }
  if (Array.isArray(node.anyOf)) {
    for (const [index, branch] of node.anyOf.entries())
      checkNode(branch, `${path}/anyOf/${index}`, depth, state, false);
  } else if ('anyOf' in node) {
    problems.push(`${path}: anyOf must be an array`);
  }
  if ('$ref' in node) checkRef(node.$ref, path, state);
  const types = readTypes(node, path, problems);
  if (types === undefined) return;
  if (types.length === 0 && !('anyOf' in node) && !('$ref' in node)) problems.push(`${path}: missing "type"`);
  const allowed = new Set([...COMMON_KEYWORDS, ...types.flatMap((type) => KEYWORDS_BY_TYPE[type] ?? [])]);
  if (isRoot) allowed.add('$defs');
  for (const keyword of Object.keys(node)) {
    if (!allowed.has(keyword)) problems.push(`${path}: keyword "${keyword}" is not supported in strict mode`);
  }
  for (const keyword of NUMERIC_KEYWORDS) {
    if (keyword in node && typeof node[keyword] !== 'number')
      problems.push(`${path}: ${keyword} must be a number`);
  }
  if ('description' in node && typeof node.description !== 'string')
    problems.push(`${path}: description must be a string`);
  if ('format' in node && !STRICT_STRING_FORMATS.has(String(node.format))) {
    problems.push(`${path}: format "${String(node.format)}" is not supported`);
  }
  checkEnum(node, types, path, state);
  if (types.includes('object') || types.includes('array')) {
    if (depth > STRICT_LIMITS.maxDepth)
      problems.push(`${path}: nested deeper than ${STRICT_LIMITS.maxDepth} levels`);
  }
  if (types.includes('object')) checkObject(node, path, depth, state);
  if (types.includes('array')) {
    if ('items' in node) checkNode(node.items, `${path}/items`, depth + 1, state, false);
    else problems.push(`${path}: array without "items"`);
  }
  if (isRoot && isPlainObject(node.$defs)) {
    for (const [name, definition] of Object.entries(node.$defs)) {
      state.stringLength += name.length;
      checkNode(definition, `#/$defs/${pointerSegment(name)}`, depth, state, false);
    }
  }
}

function readTypes(node: JsonSchema, path: string, problems: string[]): string[] | undefined {
  if (!('type' in node)) return [];
  const list = Array.isArray(node.type) ? node.type : [node.type];
  if (list.length === 0 || list.some((type) => typeof type !== 'string' || !(type in KEYWORDS_BY_TYPE))) {
    problems.push(`${path}: invalid type ${JSON.stringify(node.type)}`);
    return undefined;
  }
  if (new Set(list).size !== list.length) problems.push(`${path}: duplicate entries in type`);
  return list as string[];
}

function checkRef(ref: unknown, path: string, state: CheckState): void {
  if (typeof ref !== 'string' || !(ref === '#' || ref.startsWith('#/$defs/'))) {
    state.problems.push(`${path}: $ref must point to "#" or "#/$defs/…"`);
  } else if (resolveSchemaRef(state.root, ref) === undefined) {
    state.problems.push(`${path}: $ref ${ref} does not resolve`);
  }
}

function checkObject(node: JsonSchema, path: string, depth: number, state: CheckState): void {
  const problems = state.problems;
  if (node.additionalProperties !== false) problems.push(`${path}: additionalProperties must be false`);
  if (!isPlainObject(node.properties)) {
    problems.push(`${path}: object without "properties"`);
    return;
  }
  const names = Object.keys(node.properties);
  state.properties += names.length;
  const required = Array.isArray(node.required) ? node.required : undefined;
  if (required === undefined) {
    if (names.length > 0) problems.push(`${path}: "required" must list every property`);
  } else {
    for (const name of names) {
      if (!required.includes(name)) problems.push(`${path}: property "${name}" is not in "required"`);
    }
    for (const name of required) {
      if (typeof name !== 'string' || !names.includes(name)) {
        problems.push(`${path}: "required" names an undeclared property ${JSON.stringify(name)}`);
      }
    }
  }
  for (const name of names) {
    state.stringLength += name.length;
    checkNode(node.properties[name], `${path}/properties/${pointerSegment(name)}`, depth + 1, state, false);
  }
}

function checkEnum(node: JsonSchema, types: string[], path: string, state: CheckState): void {
  if ('const' in node) state.stringLength += typeof node.const === 'string' ? node.const.length : 0;
  if (!('enum' in node)) return;
  const values = node.enum;
  if (!Array.isArray(values) || values.length === 0) {
    state.problems.push(`${path}: enum must be a non-empty array`);
    return;
  }
  state.enumValues += values.length;
  const length = values.reduce<number>(
    (sum, value) => sum + (typeof value === 'string' ? value.length : 0),
    0,
  );
  state.stringLength += length;
  if (values.length > STRICT_LIMITS.largeEnumSize && length > STRICT_LIMITS.maxLargeEnumLength) {
    state.problems.push(
      `${path}: enum of ${values.length} values has ${length} characters (limit ${STRICT_LIMITS.maxLargeEnumLength})`,
    );
  }
  if (types.includes('null') && !values.includes(null))
    state.problems.push(`${path}: nullable enum must include null`);
  for (const value of values) {
    if (types.length > 0 && !types.some((type) => valueHasType(value, type))) {
      state.problems.push(
        `${path}: enum value ${JSON.stringify(value)} does not match type ${JSON.stringify(node.type)}`,
      );
    }
  }
}

function valueHasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    default:
      return typeof value === type;
  }
}
