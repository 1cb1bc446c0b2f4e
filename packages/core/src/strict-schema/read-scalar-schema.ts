import { truncateText } from '../shared/truncate-text.ts';
import type { JsonSchema } from '../types/index.ts';
import { enumValues } from './enum-values.ts';
import { jsonTypeOf } from './json-type-of.ts';
import type { ReportPatch } from './report-patch.ts';
import type { IrScalar, ScalarType } from './schema-ir.ts';
import { STRICT_STRING_FORMATS } from './strict-string-formats.ts';

/**
 * Reads a string, number, integer or boolean schema (or a union of them): strict-mode-safe bounds and
 * formats kept as keywords, other string constraints turned into notes, enum/const values of another
 * type dropped.
 */
export function readScalar(
  types: ScalarType[],
  raw: JsonSchema,
  path: string,
  report: ReportPatch,
): IrScalar {
  const keywords: JsonSchema = {};
  const notes: string[] = [];
  if (types.includes('string')) readStringKeywords(raw, keywords, notes);
  if (types.includes('number') || types.includes('integer')) readNumberKeywords(raw, keywords);
  const values = enumValues(raw);
  let enumList: unknown[] | undefined;
  if (values !== undefined) {
    enumList = values.filter((value) => value !== null && types.some((type) => matchesType(value, type)));
    if (enumList.length === 0) {
      report(path, 'enum/const has no value of the declared type', 'dropped the enum');
      enumList = undefined;
    }
  } else if (raw.enum !== undefined) {
    report(`${path}/enum`, 'enum is not a non-empty array', 'dropped the enum');
  }
  return { kind: 'scalar', types, enum: enumList, keywords, path, notes, nullable: false };
}

function readStringKeywords(raw: JsonSchema, keywords: JsonSchema, notes: string[]): void {
  if (typeof raw.format === 'string') {
    if (STRICT_STRING_FORMATS.has(raw.format)) keywords.format = raw.format;
    else notes.push(`format: ${raw.format}`);
  }
  if (typeof raw.pattern === 'string') notes.push(`pattern: ${truncateText(raw.pattern, 100)}`);
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

function matchesType(value: unknown, type: ScalarType): boolean {
  if (type === 'integer') return Number.isInteger(value);
  return jsonTypeOf(value) === type || (type === 'number' && typeof value === 'number');
}
