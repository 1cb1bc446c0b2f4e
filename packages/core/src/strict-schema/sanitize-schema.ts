import { isPlainObject } from '../shared/is-plain-object.ts';
import type { JsonSchema } from '../types/index.ts';
import type { ArgPlan } from './arg-plan.ts';
import { emitStrictRoot } from './emit-strict-schema.ts';
import { flattenSchema } from './flatten-schema.ts';
import { readSchema } from './read-schema.ts';
import type { ReportPatch } from './report-patch.ts';
import type { IrObject } from './schema-ir.ts';

/** One change the sanitizer made to a tool's schema. `path` is a JSON Pointer into the original schema. */
export interface SchemaPatch {
  path: string;
  problem: string;
  fix: string;
}

/** Receives each schema change, with the (prefixed) name of the tool it concerns. */
export type OnSchemaPatch = (toolName: string, patch: SchemaPatch) => void;

/** Options of `sanitizeSchema`. */
export interface SanitizeSchemaOptions {
  /** Name passed to `onSchemaPatch` (the prefixed tool name in a catalog). */
  toolName?: string;
  /** Called for every lossy or corrective change; never throws instead. */
  onSchemaPatch?: OnSchemaPatch;
  /** Flatten nested object properties into `parent__child` top-level properties. */
  flatten?: boolean;
}

/** A schema made valid for provider strict mode, with what is needed to map arguments back. */
export interface SanitizedSchema {
  /** The strict-mode schema to send to the provider. */
  schema: JsonSchema;
  /** How to map strict-mode arguments back to the original shape (see `restoreArgs`). */
  plan: ArgPlan;
  /** Flattened property name → path in the nested arguments (empty unless flattened). */
  flattened: ReadonlyMap<string, readonly string[]>;
  /** The original top level was not an object; it is offered as the `value` property. */
  wrapped: boolean;
}

/**
 * Rewrites a tool's input schema so provider strict mode (OpenAI's rules, the strictest) accepts it:
 * oneOf/anyOf/allOf removed (`anyOf [X, null]` → nullable X; other unions merged permissively),
 * `$ref`/`$defs` inlined (recursion cut), `additionalProperties: false` on every object, every property
 * required (optional ones nullable), `type` everywhere, unsupported keywords dropped (constraints
 * moved into descriptions), limits respected, a non-object top level wrapped as `{ value }`.
 * Optionally flattens nested objects. Problems are reported through `onSchemaPatch`, never thrown.
 *
 * The runtime must validate input against the ORIGINAL schema, after `restoreArgs(args, result)`.
 */
export function sanitizeSchema(schema: unknown, options: SanitizeSchemaOptions = {}): SanitizedSchema {
  const toolName = options.toolName ?? '';
  const report: ReportPatch = (path, problem, fix) =>
    options.onSchemaPatch?.(toolName, { path, problem, fix });
  const { root, wrapped } = readRoot(schema, report);
  const emitted = emitStrictRoot(root, report);
  const base: SanitizedSchema = { schema: emitted.schema, plan: emitted.plan, flattened: new Map(), wrapped };
  if (options.flatten !== true) return base;
  const flat = flattenSchema(emitted.schema);
  if (flat === undefined) {
    report('#', 'flattened property names would collide', 'kept this schema nested');
    return base;
  }
  return { ...base, schema: flat.schema, flattened: flat.paths };
}

/** Keywords that give an untyped top level a shape; without them it is read as an object. */
const ROOT_TYPE_HINTS = ['$ref', 'allOf', 'anyOf', 'oneOf', 'items', 'prefixItems', 'enum', 'const'];

function readRoot(schema: unknown, report: ReportPatch): { root: IrObject; wrapped: boolean } {
  const empty = (description?: string): IrObject => ({
    kind: 'object',
    properties: new Map(),
    path: '#',
    description,
    notes: [],
    nullable: false,
  });
  if (!isPlainObject(schema)) {
    report('#', 'the input schema is not an object', 'the tool is offered without parameters');
    return { root: empty(), wrapped: false };
  }
  const untyped = schema.type === undefined && !ROOT_TYPE_HINTS.some((keyword) => keyword in schema);
  const node = readSchema(untyped ? { type: 'object', ...schema } : schema, report);
  if (node.kind === 'object') return { root: node, wrapped: false };
  if (node.kind === 'opaque' && node.shape === 'object') {
    if (
      schema.additionalProperties === true ||
      isPlainObject(schema.additionalProperties) ||
      'patternProperties' in schema
    ) {
      report(
        '#',
        'the tool accepts arbitrary properties, which strict mode cannot express',
        'offered without parameters',
      );
    }
    return { root: empty(node.description), wrapped: false };
  }
  report('#', 'the top level is not an object', 'wrapped as an object with one required property "value"');
  return {
    root: { ...empty(), properties: new Map([['value', { node, optional: false }]]) },
    wrapped: true,
  };
}
