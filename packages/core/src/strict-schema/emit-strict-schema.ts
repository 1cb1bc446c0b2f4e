import { truncateText } from '../shared/truncate-text.ts';
import type { JsonSchema } from '../types/index.ts';
import { type ArgPlan, KEEP, type PropertyPlan } from './arg-plan.ts';
import type { ReportPatch } from './report-patch.ts';
import type { IrArray, IrNode, IrObject, IrOpaque, IrScalar } from './schema-ir.ts';

/** OpenAI's documented strict-mode limits. */
export const STRICT_LIMITS = Object.freeze({
  /** Object/array nesting levels, the root object being level 1. */
  maxDepth: 10,
  /** Object properties in the whole schema. */
  maxProperties: 5000,
  /** Enum values in the whole schema. */
  maxEnumValues: 1000,
  /** Total string length of one enum's values, when it has more than `largeEnumSize` values. */
  maxLargeEnumLength: 15_000,
  largeEnumSize: 250,
  /** Total length of property names, enum values and const values. */
  maxTotalStringLength: 120_000,
});

interface EmitState {
  properties: number;
  enumValues: number;
  report: ReportPatch;
}

interface Emitted {
  schema: JsonSchema;
  plan: ArgPlan;
}

/**
 * Emits the strict-mode schema of a root object and the plan that maps strict-mode arguments back:
 * every object closed (`additionalProperties: false`) with every property required (optional ones
 * nullable), `type` everywhere, no combinators, limits respected (deeper or larger parts become
 * JSON-encoded strings, each reported).
 */
export function emitStrictRoot(root: IrObject, report: ReportPatch): Emitted {
  return emitObject(root, 1, false, { properties: 0, enumValues: 0, report });
}

function emit(node: IrNode, depth: number, nullable: boolean, state: EmitState): Emitted {
  switch (node.kind) {
    case 'scalar':
      return { schema: emitScalar(node, nullable, state), plan: KEEP };
    case 'null':
      return { schema: withDescription({ type: 'null' }, node.description, node.notes), plan: KEEP };
    case 'opaque':
      return emitOpaque(node, nullable);
    case 'array':
      return emitArray(node, depth, nullable, state);
    case 'object':
      return emitObject(node, depth, nullable, state);
  }
}

function typeOf(types: string[], nullable: boolean): string | string[] {
  const all = nullable ? [...types, 'null'] : types;
  return all.length === 1 ? (all[0] as string) : all;
}

function emitScalar(node: IrScalar, nullable: boolean, state: EmitState): JsonSchema {
  const schema: JsonSchema = { type: typeOf(node.types, nullable) };
  const notes = [...node.notes];
  if (node.enum !== undefined) {
    if (enumFits(node.enum, state)) {
      state.enumValues += node.enum.length;
      schema.enum = nullable ? [...node.enum, null] : node.enum;
    } else {
      state.report(
        node.path,
        `enum of ${node.enum.length} values exceeds the strict-mode enum limits`,
        'listed the values in the description instead',
      );
      notes.push(`one of: ${truncateText(node.enum.map((value) => JSON.stringify(value)).join(', '), 300)}`);
    }
  }
  Object.assign(schema, node.keywords);
  return withDescription(schema, node.description, notes);
}

function enumFits(values: unknown[], state: EmitState): boolean {
  if (state.enumValues + values.length > STRICT_LIMITS.maxEnumValues) return false;
  if (values.length <= STRICT_LIMITS.largeEnumSize) return true;
  const length = values.reduce<number>(
    (sum, value) => sum + (typeof value === 'string' ? value.length : 0),
    0,
  );
  return length <= STRICT_LIMITS.maxLargeEnumLength;
}

function emitOpaque(node: IrOpaque, nullable: boolean): Emitted {
  const types = [...new Set([...node.scalarTypes, 'string'])];
  const hint =
    node.shape === 'object'
      ? 'a JSON-encoded object'
      : types.length > 1
        ? 'objects and arrays as JSON-encoded strings'
        : 'a JSON-encoded value';
  return {
    schema: withDescription({ type: typeOf(types, nullable || node.nullable) }, node.description, [
      ...node.notes,
      hint,
    ]),
    plan: { kind: 'json' },
  };
}

function tooDeep(node: IrArray | IrObject, nullable: boolean, state: EmitState): Emitted {
  state.report(
    node.path,
    `nesting deeper than ${STRICT_LIMITS.maxDepth} levels`,
    'this part is offered as a JSON-encoded string',
  );
  const opaque: IrOpaque = {
    ...node,
    kind: 'opaque',
    shape: node.kind === 'object' ? 'object' : 'mixed',
    scalarTypes: [],
  };
  return emitOpaque(opaque, nullable);
}

function emitArray(node: IrArray, depth: number, nullable: boolean, state: EmitState): Emitted {
  if (depth > STRICT_LIMITS.maxDepth) return tooDeep(node, nullable, state);
  const items = emit(node.items, depth + 1, node.items.nullable, state);
  const schema: JsonSchema = { type: typeOf(['array'], nullable), items: items.schema, ...node.keywords };
  return {
    schema: withDescription(schema, node.description, node.notes),
    plan: items.plan.kind === 'keep' ? KEEP : { kind: 'array', items: items.plan },
  };
}

function emitObject(node: IrObject, depth: number, nullable: boolean, state: EmitState): Emitted {
  if (depth > STRICT_LIMITS.maxDepth) return tooDeep(node, nullable, state);
  let entries = [...node.properties];
  const room = STRICT_LIMITS.maxProperties - state.properties;
  if (entries.length > room) {
    if (depth > 1) {
      state.report(
        node.path,
        `more than ${STRICT_LIMITS.maxProperties} properties in the schema`,
        'this object is offered as a JSON-encoded string',
      );
      return emitOpaque({ ...node, kind: 'opaque', shape: 'object', scalarTypes: [] }, nullable);
    }
    state.report(
      node.path,
      `more than ${STRICT_LIMITS.maxProperties} properties in the schema`,
      `kept the first ${room}`,
    );
    entries = entries.slice(0, Math.max(room, 0));
  }
  state.properties += entries.length;
  const properties: Record<string, JsonSchema> = {};
  const plans = new Map<string, PropertyPlan>();
  for (const [name, property] of entries) {
    const emitted = emit(property.node, depth + 1, property.optional || property.node.nullable, state);
    properties[name] = emitted.schema;
    plans.set(name, { plan: emitted.plan, optional: property.optional, nullable: property.node.nullable });
  }
  const schema: JsonSchema = {
    type: typeOf(['object'], nullable),
    properties,
    required: entries.map(([name]) => name),
    additionalProperties: false,
  };
  const changesNothing = [...plans.values()].every((plan) => !plan.optional && plan.plan.kind === 'keep');
  return {
    schema: withDescription(schema, node.description, node.notes),
    plan: changesNothing ? KEEP : { kind: 'object', properties: plans },
  };
}

function withDescription(schema: JsonSchema, description: string | undefined, notes: string[]): JsonSchema {
  const unique = [...new Set(notes)];
  const suffix = unique.length > 0 ? `(${unique.join('; ')})` : '';
  const text = [description?.trim(), suffix].filter((part) => part !== undefined && part !== '').join(' ');
  return text === '' ? schema : { ...schema, description: text };
}
