import type { JsonSchema } from '../types/index.ts';

/** The JSON types a strict-mode scalar may have. */
export type ScalarType = 'string' | 'number' | 'integer' | 'boolean';

interface IrBase {
  /** JSON Pointer (from `#`) of the original schema node, for reports. */
  path: string;
  description?: string;
  /** Constraints strict mode cannot express, shown to the model in the description. */
  notes: string[];
  /** True when the ORIGINAL schema accepts null here. */
  nullable: boolean;
}

/** A string, number, integer or boolean value (or a union of them). */
export interface IrScalar extends IrBase {
  kind: 'scalar';
  types: ScalarType[];
  enum?: unknown[];
  /** Strict-mode-safe keywords kept as they are (numeric bounds, supported formats). */
  keywords: JsonSchema;
}

/** One declared property of an object. */
export interface IrProperty {
  node: IrNode;
  /** Not in the original `required` list. */
  optional: boolean;
}

/** An object with declared properties. */
export interface IrObject extends IrBase {
  kind: 'object';
  properties: Map<string, IrProperty>;
}

/** An array. */
export interface IrArray extends IrBase {
  kind: 'array';
  items: IrNode;
  keywords: JsonSchema;
}

/**
 * A value strict mode cannot describe (free-form object, untyped value, mixed union, recursion):
 * offered as a JSON-encoded string (plus the scalar types it may also be) and decoded before validation.
 */
export interface IrOpaque extends IrBase {
  kind: 'opaque';
  /**
   * `object`: a free-form object; `mixed`: a union strict mode cannot express (e.g. string or object);
   * `any`: no constraint at all.
   */
  shape: 'object' | 'mixed' | 'any';
  scalarTypes: ScalarType[];
}

/** A value that can only be null. */
export interface IrNull extends IrBase {
  kind: 'null';
}

/** The intermediate form of a schema between reading the original and emitting the strict one. */
export type IrNode = IrScalar | IrObject | IrArray | IrOpaque | IrNull;

/** An untyped value: any JSON. */
export function anyNode(path: string, description?: string): IrOpaque {
  return {
    kind: 'opaque',
    shape: 'any',
    scalarTypes: ['string', 'number', 'boolean'],
    path,
    description,
    notes: [],
    nullable: true,
  };
}

/** True for a node that accepts any value (it constrains nothing when intersected). */
export function isAnyNode(node: IrNode): boolean {
  return node.kind === 'opaque' && node.shape === 'any';
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function uniqueJson(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function scalarTypesOf(node: IrNode): ScalarType[] {
  if (node.kind === 'scalar') return node.types;
  if (node.kind === 'opaque') return node.scalarTypes;
  return [];
}

/** `integer` is subsumed by `number` in a union. */
function unionTypes(types: ScalarType[]): ScalarType[] {
  const all = unique(types);
  return all.includes('number') ? all.filter((type) => type !== 'integer') : all;
}

/**
 * The permissive union of several alternatives (anyOf/oneOf). `exact` is true when nothing was lost
 * (a single alternative besides null).
 */
export function unionNodes(nodes: IrNode[], path: string): { node: IrNode; exact: boolean } {
  const nullable = nodes.some((node) => node.nullable || node.kind === 'null');
  const alternatives = nodes.filter((node) => node.kind !== 'null');
  const first = alternatives[0];
  if (first === undefined) return { node: { kind: 'null', path, notes: [], nullable: true }, exact: true };
  if (alternatives.length === 1) return { node: { ...first, nullable }, exact: true };
  const description = alternatives.find((node) => node.description !== undefined)?.description;
  const base = { path, description, notes: [], nullable };
  const kinds = new Set(alternatives.map((node) => node.kind));
  if (kinds.size === 1 && first.kind === 'scalar') {
    const scalars = alternatives as IrScalar[];
    const enums = scalars.every((node) => node.enum !== undefined)
      ? uniqueJson(scalars.flatMap((node) => node.enum ?? []))
      : undefined;
    return {
      node: {
        ...base,
        kind: 'scalar',
        types: unionTypes(scalars.flatMap((node) => node.types)),
        enum: enums,
        keywords: {},
      },
      exact: false,
    };
  }
  if (kinds.size === 1 && first.kind === 'object') {
    return {
      node: { ...base, kind: 'object', properties: unionProperties(alternatives as IrObject[], path) },
      exact: false,
    };
  }
  if (kinds.size === 1 && first.kind === 'array') {
    const items = unionNodes(
      (alternatives as IrArray[]).map((node) => node.items),
      `${path}/items`,
    ).node;
    return { node: { ...base, kind: 'array', items, keywords: {} }, exact: false };
  }
  const objectOnly = alternatives.every(
    (node) => node.kind === 'object' || (node.kind === 'opaque' && node.shape === 'object'),
  );
  return {
    node: {
      ...base,
      kind: 'opaque',
      shape: objectOnly ? 'object' : 'mixed',
      scalarTypes: unionTypes(alternatives.flatMap(scalarTypesOf)),
    },
    exact: false,
  };
}

function unionProperties(objects: IrObject[], path: string): Map<string, IrProperty> {
  const names = unique(objects.flatMap((object) => [...object.properties.keys()]));
  const merged = new Map<string, IrProperty>();
  for (const name of names) {
    const present = objects.flatMap((object) => {
      const property = object.properties.get(name);
      return property === undefined ? [] : [property];
    });
    const optional = present.length < objects.length || present.some((property) => property.optional);
    const node = unionNodes(
      present.map((property) => property.node),
      `${path}/properties/${name}`,
    ).node;
    merged.set(name, { node, optional });
  }
  return merged;
}

/**
 * The intersection of several schemas that must all hold (allOf, or a node's own keywords beside
 * anyOf). Untyped parts constrain nothing. `exact` is false when a conflict forced a choice.
 */
export function intersectNodes(nodes: IrNode[], path: string): { node: IrNode; exact: boolean } {
  const constraining = nodes.filter((node) => !isAnyNode(node));
  const description = nodes.find((node) => node.description !== undefined)?.description;
  const notes = unique(nodes.flatMap((node) => node.notes));
  const nullable = nodes.every((node) => node.nullable);
  const first = constraining[0];
  if (first === undefined) return { node: { ...anyNode(path, description), notes }, exact: true };
  const base = { path, description, notes, nullable };
  if (constraining.length === 1) return { node: { ...first, ...base }, exact: true };
  const objects = constraining.filter((node) => node.kind === 'object');
  if (
    constraining.every(
      (node) => node.kind === 'object' || (node.kind === 'opaque' && node.shape === 'object'),
    )
  ) {
    if (objects.length === 0) return { node: { ...first, ...base }, exact: true };
    return { node: { ...base, kind: 'object', properties: intersectProperties(objects, path) }, exact: true };
  }
  if (constraining.every((node) => node.kind === 'scalar')) {
    const scalars = constraining as IrScalar[];
    let types: ScalarType[] = scalars[0]?.types ?? [];
    for (const node of scalars.slice(1)) types = intersectTypes(types, node.types);
    const enums = scalars.filter((node) => node.enum !== undefined).map((node) => node.enum ?? []);
    const [firstEnum, ...otherEnums] = enums;
    const enumValues = firstEnum?.filter((value) =>
      otherEnums.every((values) => values.some((other) => JSON.stringify(other) === JSON.stringify(value))),
    );
    if (types.length === 0 || enumValues?.length === 0) return { node: { ...first, ...base }, exact: false };
    const keywords = Object.assign({}, ...scalars.map((node) => node.keywords)) as JsonSchema;
    return { node: { ...base, kind: 'scalar', types, enum: enumValues, keywords }, exact: true };
  }
  if (constraining.every((node) => node.kind === 'array')) {
    const arrays = constraining as IrArray[];
    const items = intersectNodes(
      arrays.map((node) => node.items),
      `${path}/items`,
    );
    const keywords = Object.assign({}, ...arrays.map((node) => node.keywords)) as JsonSchema;
    return { node: { ...base, kind: 'array', items: items.node, keywords }, exact: items.exact };
  }
  return { node: { ...first, ...base }, exact: false };
}

function intersectTypes(left: ScalarType[], right: ScalarType[]): ScalarType[] {
  const result = new Set<ScalarType>();
  for (const type of left) {
    if (right.includes(type)) result.add(type);
    else if (type === 'integer' && right.includes('number')) result.add('integer');
    else if (type === 'number' && right.includes('integer')) result.add('integer');
  }
  return [...result];
}

function intersectProperties(objects: IrObject[], path: string): Map<string, IrProperty> {
  const names = unique(objects.flatMap((object) => [...object.properties.keys()]));
  const merged = new Map<string, IrProperty>();
  for (const name of names) {
    const present = objects.flatMap((object) => {
      const property = object.properties.get(name);
      return property === undefined ? [] : [property];
    });
    const node = intersectNodes(
      present.map((property) => property.node),
      `${path}/properties/${name}`,
    ).node;
    merged.set(name, { node, optional: present.every((property) => property.optional) });
  }
  return merged;
}
