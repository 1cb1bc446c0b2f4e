import { isPlainObject } from '../shared/is-plain-object.ts';
import { truncateText } from '../shared/truncate-text.ts';
import type { JsonSchema } from '../types/index.ts';
import { describeUnionFix } from './describe-union-fix.ts';
import { enumValues } from './enum-values.ts';
import { jsonTypeOf } from './json-type-of.ts';
import { readArray } from './read-array-schema.ts';
import { readObject } from './read-object-schema.ts';
import { readScalar } from './read-scalar-schema.ts';
import type { ReportPatch } from './report-patch.ts';
import { reportUnknownKeywords } from './report-unknown-keywords.ts';
import { resolveSchemaRef } from './resolve-schema-ref.ts';
import { anyNode, type IrNode, intersectNodes, type ScalarType, unionNodes } from './schema-ir.ts';
import type { SchemaNodeReader } from './schema-node-reader.ts';

interface ReadContext {
  root: unknown;
  report: ReportPatch;
}

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;

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

function readTyped(
  raw: JsonSchema,
  path: string,
  context: ReadContext,
  refs: readonly string[],
  hasCombinators: boolean,
): IrNode {
  reportUnknownKeywords(raw, path, context.report);
  const description = stringOrUndefined(raw.description) ?? stringOrUndefined(raw.title);
  const notes: string[] = [];
  if (raw.default !== undefined) notes.push(`default: ${truncateText(JSON.stringify(raw.default), 60)}`);
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
  if (type === 'object') return readObject(raw, path, nodeReader(context, refs));
  if (type === 'array') return readArray(raw, path, nodeReader(context, refs));
  if (type === 'null') return { kind: 'null', path, notes: [], nullable: true };
  return readScalar(types as ScalarType[], raw, path, context.report);
}

/** Lets the object and array readers report and read their nested schemas in this context. */
function nodeReader(context: ReadContext, refs: readonly string[]): SchemaNodeReader {
  return {
    report: context.report,
    readChild: (raw, path) => readNode(raw, path, context, refs),
  };
}

function describeValue(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
