/**
 * The strict-mode schema compiler: reads a tool's JSON Schema into a small IR, emits a schema that
 * providers' strict tool modes accept (reporting each patch), flattens nesting for local models, and
 * maps the model's arguments back to the original shape.
 */

export type { ArgPlan, PropertyPlan } from './arg-plan.ts';
export { checkStrictModeSchema } from './check-strict-mode-schema.ts';
export { STRICT_LIMITS } from './emit-strict-schema.ts';
export { FLAT_SEPARATOR } from './flatten-schema.ts';
export { type RestoreInfo, restoreArgs } from './restore-args.ts';
export {
  type OnSchemaPatch,
  type SanitizedSchema,
  type SanitizeSchemaOptions,
  type SchemaPatch,
  sanitizeSchema,
} from './sanitize-schema.ts';
