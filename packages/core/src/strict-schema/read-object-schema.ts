import { isPlainObject } from '../shared/is-plain-object.ts';
import type { JsonSchema } from '../types/index.ts';
import type { ReportPatch } from './report-patch.ts';
import { pointerSegment } from './resolve-schema-ref.ts';
import type { IrNode, IrObject, IrProperty } from './schema-ir.ts';
import type { SchemaNodeReader } from './schema-node-reader.ts';

/**
 * Reads an object schema: its declared properties (each read through `reader`), optional unless
 * required. A free-form object (no declared properties) becomes an opaque JSON-encoded value;
 * properties beyond the declared ones are not offered.
 */
export function readObject(raw: JsonSchema, path: string, reader: SchemaNodeReader): IrNode {
  const notes = objectNotes(raw);
  let declared: Record<string, unknown> = {};
  if (raw.properties !== undefined && !isPlainObject(raw.properties)) {
    reader.report(`${path}/properties`, 'properties is not an object', 'ignored properties');
  } else if (raw.properties !== undefined) {
    declared = raw.properties;
  }
  const names = Object.keys(declared);
  const extraAllowed = raw.additionalProperties !== false || raw.patternProperties !== undefined;
  if (names.length === 0 && extraAllowed) {
    if (path !== '#') {
      reader.report(
        path,
        'free-form object (no declared properties)',
        'offered as a JSON-encoded object string',
      );
    }
    return { kind: 'opaque', shape: 'object', scalarTypes: [], path, notes, nullable: false };
  }
  if (names.length > 0 && (isPlainObject(raw.additionalProperties) || raw.additionalProperties === true)) {
    reader.report(
      `${path}/additionalProperties`,
      'strict mode forbids properties beyond the declared ones',
      'only the declared properties are offered',
    );
  }
  const required = readRequired(raw, names, path, reader.report);
  const properties = new Map<string, IrProperty>();
  for (const name of names) {
    const node = reader.readChild(declared[name], `${path}/properties/${pointerSegment(name)}`);
    properties.set(name, { node, optional: !required.has(name) });
  }
  const object: IrObject = { kind: 'object', properties, path, notes, nullable: false };
  return object;
}

function readRequired(raw: JsonSchema, names: string[], path: string, report: ReportPatch): Set<string> {
  if (raw.required === undefined) return new Set();
  if (!Array.isArray(raw.required)) {
    report(`${path}/required`, 'required is not an array', 'every property treated as optional');
    return new Set();
  }
  const required = new Set<string>();
  for (const name of raw.required) {
    if (typeof name === 'string' && names.includes(name)) required.add(name);
    else if (names.length > 0) {
      report(
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
