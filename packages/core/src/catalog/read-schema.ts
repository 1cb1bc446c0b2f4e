import type { JsonSchema } from '../types/index.ts';
import { isPlainObject } from './is-plain-object.ts';
import { pointerSegment, resolveSchemaRef } from './resolve-schema-ref.ts';
import {
  anyNode,
  type IrArray,
  type IrNode,
  type IrObject,
  type IrProperty,
  type IrScalar,
  intersectNodes,
  type ScalarType,
  unionNodes,
} from './schema-ir.ts';

/** String formats OpenAI strict mode accepts. */
export const STRICT_STRING_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Reports a change the sanitizer had to make: where, what was wrong, what was done. */
export type ReportPatch = (path: string, problem: string, fix: string) => void;

interface ReadContext {
  root: unknown;
  report: ReportPatch;
}

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;

/** Keywords that carry no constraint the sanitizer must translate (dropped or folded silently). */
const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'description',
  'examples',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentEncoding',
  'contentMediaType',
  'nullable',
]);

const TYPED_KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'prefixItems',
  'additionalItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minContains',
  'maxContains',
  'unevaluatedItems',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'unevaluatedProperties',
]);

const IGNORED_LOGIC = ['not', 'if', 'then', 'else'];

const STRING_HINTS = ['format', 'pattern', 'minLength', 'maxLength'];
const NUMBER_HINTS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const SCALAR_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean']);
const JSON_TYPES: ReadonlySet<string> = new Set([...SCALAR_TYPES, 'object', 'array', 'null']);

/**
 * Reads an original JSON Schema into the intermediate form: `$ref`s inlined (recursion cut),
 * allOf/anyOf/oneOf merged, types normalized, strict-mode-incompatible constraints turned into notes.
 * Every lossy change is reported; nothing throws.
 */
export function readSchema(root: unknown, report: ReportPatch): IrNode {
  return readNode(root, '#', { root, report }, []);
}

function readNode(raw: unknown, path: string, context: ReadContext, refs: readonly string[]): IrNode {
  if (raw === true) return anyNode(path);
  if (typeof raw === 'string' && JSON_TYPES.has(raw)) {
    context.report(
      path,
      `a bare type name ${JSON.stringify(raw)} instead of a schema`,
      `read as { "type": "${raw}" }`,
    );
    return readNode({ type: raw }, path, context, refs);
  }
  if (!isPlainObject(raw)) {
    const got = raw === false ? 'the schema false (accepts nothing)' : describeValue(raw);
    context.report(path, `expected a schema object, got ${got}`, 'treated as an untyped value');
    return anyNode(path);
  }
  if ('$ref' in raw) return readRef(raw, path, context, refs);
  const combined = readCombinators(raw, path, context, refs);
  const rest = Object.fromEntries(
    Object.entries(raw).filter(([keyword]) => !(COMBINATORS as readonly string[]).includes(keyword)),
  );
  const own = readTyped(rest, path, context, refs, combined !== undefined);
  if (combined === undefined) return own;
  const merged = intersectNodes([own, combined], path);
  if (!merged.exact) {
    context.report(
      path,
      'keywords beside allOf/anyOf/oneOf conflict with it',
      'kept the first consistent part',
    );
  }
  return merged.node;
}

function readRef(raw: JsonSchema, path: string, context: ReadContext, refs: readonly string[]): IrNode {
  const { $ref: ref, ...siblings } = raw;
  if (typeof ref !== 'string') {
    context.report(path, '$ref is not a string', 'ignored the $ref');
    return readNode(siblings, path, context, refs);
  }
  if (refs.includes(ref)) {
    context.report(
      path,
      `recursive $ref ${ref}`,
      'recursion cut here: the value is passed as a JSON-encoded string',
    );
    return { ...anyNode(path, stringOrUndefined(siblings.description)), notes: ['recursive structure'] };
  }
  const target = resolveSchemaRef(context.root, ref);
  if (target === undefined) {
    context.report(path, `unresolvable $ref ${ref}`, 'treated as an untyped value');
    return anyNode(path, stringOrUndefined(siblings.description));
  }
  const inlined = isPlainObject(target) ? { ...target, ...siblings } : target;
  return readNode(inlined, path, context, [...refs, ref]);
}

function readCombinators(
  raw: JsonSchema,
  path: string,
  context: ReadContext,
  refs: readonly string[],
): IrNode | undefined {
  const parts: IrNode[] = [];
  for (const keyword of COMBINATORS) {
    const branches = raw[keyword];
    if (branches === undefined) continue;
    if (!Array.isArray(branches) || branches.length === 0) {
      context.report(`${path}/${keyword}`, `${keyword} is not a non-empty array`, `ignored ${keyword}`);
      continue;
    }
    const nodes = branches.map((branch, index) =>
      readNode(branch, `${path}/${keyword}/${index}`, context, refs),
    );
    if (keyword === 'allOf') {
      const merged = intersectNodes(nodes, path);
      if (nodes.length > 1) {
        context.report(
          `${path}/allOf`,
          'allOf is not supported in strict mode',
          merged.exact
            ? 'merged the schemas into one'
            : 'merged the schemas; conflicting parts kept from the first',
        );
      }
      parts.push(merged.node);
    } else {
      const merged = unionNodes(nodes, path);
      if (!merged.exact) {
        context.report(
          `${path}/${keyword}`,
          `${keyword} with several alternatives is not supported in strict mode`,
          describeUnionFix(merged.node),
        );
      }
      parts.push(merged.node);
    }
  }
  if (parts.length === 0) return undefined;
  return intersectNodes(parts, path).node;
}

function describeUnionFix(node: IrNode): string {
  switch (node.kind) {
    case 'scalar':
      return `merged into one value of type ${node.types.join(' | ')}`;
    case 'object':
      return 'merged into one object with the properties of every alternative (optional unless in all)';
    case 'array':
      return 'merged into one array whose items accept every alternative';
    default:
      return 'offered as a JSON-encoded value';
  }
}

function readTyped(
  raw: JsonSchema,
  path: string,
  context: ReadContext,
  refs: readonly string[],
  hasCombinators: boolean,
): IrNode {
  reportUnknownKeywords(raw, path, context);
  const description = stringOrUndefined(raw.description) ?? stringOrUndefined(raw.title);
  const notes: string[] = [];
  if (raw.default !== undefined) notes.push(`default: ${truncate(JSON.stringify(raw.default), 60)}`);
  const declared = readTypeKeyword(raw, path, context);
  const nullable =
    raw.nullable === true || declared.includes('null') || enumValues(raw)?.includes(null) === true;
  const types = declared.filter((type) => type !== 'null');
  const inferred = types.length > 0 ? types : declared.includes('null') ? ['null'] : inferTypes(raw);
  let node: IrNode;
  if (inferred.length === 0) {
    if (!hasCombinators) {
      context.report(path, 'no type given (any value)', 'offered as a scalar or a JSON-encoded value');
    }
    node = anyNode(path);
  } else if (inferred.length === 1 || inferred.every((type) => SCALAR_TYPES.has(type))) {
    node = readOfTypes(inferred, raw, path, context, refs);
  } else {
    const alternatives = inferred.map((type) => readOfTypes([type], raw, path, context, refs));
    node = unionNodes(alternatives, path).node;
    context.report(
      path,
      `type ${JSON.stringify(raw.type)} mixes structured and scalar types`,
      describeUnionFix(node),
    );
  }
  return {
    ...node,
    description: description ?? node.description,
    notes: [...node.notes, ...notes],
    nullable: node.nullable || nullable,
  };
}

function readTypeKeyword(raw: JsonSchema, path: string, context: ReadContext): string[] {
  const type = raw.type;
  if (type === undefined) return [];
  const list = Array.isArray(type) ? type : [type];
  const valid = list.filter((entry): entry is string => typeof entry === 'string' && JSON_TYPES.has(entry));
  if (valid.length < list.length) {
    context.report(`${path}/type`, `invalid type ${JSON.stringify(type)}`, 'kept only the valid JSON types');
  }
  return [...new Set(valid)];
}

function inferTypes(raw: JsonSchema): string[] {
  if (raw.properties !== undefined || raw.additionalProperties !== undefined) return ['object'];
  if (raw.items !== undefined || raw.prefixItems !== undefined) return ['array'];
  const values = enumValues(raw)?.filter((value) => value !== null);
  if (values !== undefined && values.length > 0) {
    const types = new Set(values.map((value) => jsonTypeOf(value)));
    if (types.has('number')) types.delete('integer');
    return [...types];
  }
  if (STRING_HINTS.some((keyword) => keyword in raw)) return ['string'];
  if (NUMBER_HINTS.some((keyword) => keyword in raw)) return ['number'];
  return [];
}

function readOfTypes(
  types: string[],
  raw: JsonSchema,
  path: string,
  context: ReadContext,
  refs: readonly string[],
): IrNode {
  const [type] = types;
  if (type === 'object') return readObject(raw, path, context, refs);
  if (type === 'array') return readArray(raw, path, context, refs);
  if (type === 'null') return { kind: 'null', path, notes: [], nullable: true };
  return readScalar(types as ScalarType[], raw, path, context);
}

function readObject(raw: JsonSchema, path: string, context: ReadContext, refs: readonly string[]): IrNode {
  const notes = objectNotes(raw);
  let declared: Record<string, unknown> = {};
  if (raw.properties !== undefined && !isPlainObject(raw.properties)) {
    context.report(`${path}/properties`, 'properties is not an object', 'ignored properties');
  } else if (raw.properties !== undefined) {
    declared = raw.properties;
  }
  const names = Object.keys(declared);
  const extraAllowed = raw.additionalProperties !== false || raw.patternProperties !== undefined;
  if (names.length === 0 && extraAllowed) {
    if (path !== '#') {
      context.report(
        path,
        'free-form object (no declared properties)',
        'offered as a JSON-encoded object string',
      );
    }
    return { kind: 'opaque', shape: 'object', scalarTypes: [], path, notes, nullable: false };
  }
  if (names.length > 0 && (isPlainObject(raw.additionalProperties) || raw.additionalProperties === true)) {
    context.report(
      `${path}/additionalProperties`,
      'strict mode forbids properties beyond the declared ones',
      'only the declared properties are offered',
    );
  }
  const required = readRequired(raw, names, path, context);
  const properties = new Map<string, IrProperty>();
  for (const name of names) {
    const node = readNode(declared[name], `${path}/properties/${pointerSegment(name)}`, context, refs);
    properties.set(name, { node, optional: !required.has(name) });
  }
  const object: IrObject = { kind: 'object', properties, path, notes, nullable: false };
  return object;
}

function readRequired(raw: JsonSchema, names: string[], path: string, context: ReadContext): Set<string> {
  if (raw.required === undefined) return new Set();
  if (!Array.isArray(raw.required)) {
    context.report(`${path}/required`, 'required is not an array', 'every property treated as optional');
    return new Set();
  }
  const required = new Set<string>();
  for (const name of raw.required) {
    if (typeof name === 'string' && names.includes(name)) required.add(name);
    else if (names.length > 0) {
      context.report(
        `${path}/required`,
        `required names an undeclared property ${JSON.stringify(name)}`,
        'dropped it',
      );
    }
  }
  return required;
}

function objectNotes(raw: JsonSchema): string[] {
  const notes: string[] = [];
  if (typeof raw.minProperties === 'number') notes.push(`at least ${raw.minProperties} properties`);
  if (typeof raw.maxProperties === 'number') notes.push(`at most ${raw.maxProperties} properties`);
  return notes;
}

function readArray(raw: JsonSchema, path: string, context: ReadContext, refs: readonly string[]): IrArray {
  const keywords: JsonSchema = {};
  const notes: string[] = [];
  for (const keyword of ['minItems', 'maxItems'] as const) {
    const value = raw[keyword];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) keywords[keyword] = value;
  }
  if (raw.uniqueItems === true) notes.push('items must be unique');
  const tuple = Array.isArray(raw.prefixItems)
    ? raw.prefixItems
    : Array.isArray(raw.items)
      ? raw.items
      : undefined;
  let items: IrNode;
  if (tuple !== undefined) {
    const keyword = Array.isArray(raw.prefixItems) ? 'prefixItems' : 'items';
    const nodes = tuple.map((entry, index) => readNode(entry, `${path}/${keyword}/${index}`, context, refs));
    items = unionNodes(nodes, `${path}/${keyword}`).node;
    context.report(
      `${path}/${keyword}`,
      'tuple arrays are not supported in strict mode',
      describeUnionFix(items),
    );
    notes.push(`positions: ${tuple.length}`);
  } else if (raw.items === undefined) {
    context.report(path, 'array items have no schema', 'items offered as scalars or JSON-encoded values');
    items = anyNode(`${path}/items`);
  } else {
    items = readNode(raw.items, `${path}/items`, context, refs);
  }
  return { kind: 'array', items, keywords, path, notes, nullable: false };
}

function readScalar(types: ScalarType[], raw: JsonSchema, path: string, context: ReadContext): IrScalar {
  const keywords: JsonSchema = {};
  const notes: string[] = [];
  if (types.includes('string')) readStringKeywords(raw, keywords, notes);
  if (types.includes('number') || types.includes('integer')) readNumberKeywords(raw, keywords);
  const values = enumValues(raw);
  let enumList: unknown[] | undefined;
  if (values !== undefined) {
    enumList = values.filter((value) => value !== null && types.some((type) => matchesType(value, type)));
    if (enumList.length === 0) {
      context.report(path, 'enum/const has no value of the declared type', 'dropped the enum');
      enumList = undefined;
    }
  } else if (raw.enum !== undefined) {
    context.report(`${path}/enum`, 'enum is not a non-empty array', 'dropped the enum');
  }
  return { kind: 'scalar', types, enum: enumList, keywords, path, notes, nullable: false };
}

function readStringKeywords(raw: JsonSchema, keywords: JsonSchema, notes: string[]): void {
  if (typeof raw.format === 'string') {
    if (STRICT_STRING_FORMATS.has(raw.format)) keywords.format = raw.format;
    else notes.push(`format: ${raw.format}`);
  }
  if (typeof raw.pattern === 'string') notes.push(`pattern: ${truncate(raw.pattern, 100)}`);
  if (typeof raw.minLength === 'number') notes.push(`min length ${raw.minLength}`);
  if (typeof raw.maxLength === 'number') notes.push(`max length ${raw.maxLength}`);
}

function readNumberKeywords(raw: JsonSchema, keywords: JsonSchema): void {
  for (const keyword of ['minimum', 'maximum'] as const) {
    if (typeof raw[keyword] === 'number') keywords[keyword] = raw[keyword];
  }
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const value = raw[exclusive];
    if (typeof value === 'number') keywords[exclusive] = value;
    else if (value === true && typeof raw[bound] === 'number') {
      keywords[exclusive] = raw[bound];
      delete keywords[bound];
    }
  }
  if (typeof raw.multipleOf === 'number' && raw.multipleOf > 0) keywords.multipleOf = raw.multipleOf;
}

function reportUnknownKeywords(raw: JsonSchema, path: string, context: ReadContext): void {
  const ignored = IGNORED_LOGIC.filter((keyword) => keyword in raw);
  if (ignored.length > 0) {
    context.report(
      path,
      `${ignored.join('/')} is not supported in strict mode`,
      'ignored (validation still enforces it)',
    );
  }
  const unknown = Object.keys(raw).filter(
    (keyword) =>
      !ANNOTATIONS.has(keyword) &&
      !TYPED_KEYWORDS.has(keyword) &&
      !IGNORED_LOGIC.includes(keyword) &&
      keyword !== '$ref',
  );
  if (unknown.length > 0) {
    context.report(path, `unknown keyword(s) ${unknown.join(', ')}`, 'ignored');
  }
}

function enumValues(raw: JsonSchema): unknown[] | undefined {
  if ('const' in raw) return [raw.const];
  return Array.isArray(raw.enum) && raw.enum.length > 0 ? raw.enum : undefined;
}

function matchesType(value: unknown, type: ScalarType): boolean {
  if (type === 'integer') return Number.isInteger(value);
  return jsonTypeOf(value) === type || (type === 'number' && typeof value === 'number');
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value;
}

function describeValue(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
