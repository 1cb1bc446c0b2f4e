import type { JsonSchema } from '../types/index.ts';
import type { ReportPatch } from './report-patch.ts';

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

/**
 * Reports the keywords of one schema node (its combinators already set aside) that the reader does
 * not translate: the conditional logic strict mode lacks, and keywords JSON Schema does not know.
 */
export function reportUnknownKeywords(raw: JsonSchema, path: string, report: ReportPatch): void {
  const ignored = IGNORED_LOGIC.filter((keyword) => keyword in raw);
  if (ignored.length > 0) {
    report(
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
    report(path, `unknown keyword(s) ${unknown.join(', ')}`, 'ignored');
  }
}
