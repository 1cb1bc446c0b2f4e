import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import AjvModule from 'ajv';
import type { JsonSchema } from '../types/layers.ts';
import { linearRegExpEngine } from './linear-pattern.ts';

interface AjvInstance {
  compile(schema: object): ValidateFunction;
}

// ajv is CommonJS: depending on the loader the default import is the class or the module object.
const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as new (
  options: Options,
) => AjvInstance;

/** One validation problem, as the model sees it. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** The outcome of validating a value against a schema. */
export type ValidationOutcome = { valid: true } | { valid: false; issues: ValidationIssue[] };

/**
 * Validates tool inputs against JSON Schemas with compiled validators, cached per schema object.
 * `pattern` and `patternProperties` (a server's, so possibly hostile) match with RE2 in time linear
 * in the value, never with a backtracking `RegExp`. A schema that cannot be compiled (invalid, using
 * unknown references, or with a pattern RE2 cannot run: backreferences, lookaround) is reported once
 * through `onInvalidSchema` and then treated as accepting everything, so a bad server schema never
 * blocks a call: the server still checks its own input.
 */
export class SchemaValidator {
  readonly #ajv = new Ajv({
    strict: false,
    allErrors: true,
    validateFormats: false,
    code: { regExp: linearRegExpEngine },
  });
  readonly #compiled = new WeakMap<JsonSchema, ValidateFunction | null>();
  readonly #onInvalidSchema?: (schema: JsonSchema, error: string) => void;

  constructor(options: { onInvalidSchema?: (schema: JsonSchema, error: string) => void } = {}) {
    this.#onInvalidSchema = options.onInvalidSchema;
  }

  /** Validates `value` against `schema`. */
  validate(schema: JsonSchema, value: unknown): ValidationOutcome {
    const validator = this.#validatorFor(schema);
    if (!validator || validator(value)) return { valid: true };
    return { valid: false, issues: (validator.errors ?? []).map(describeIssue) };
  }

  #validatorFor(schema: JsonSchema): ValidateFunction | null {
    const cached = this.#compiled.get(schema);
    if (cached !== undefined) return cached;
    let validator: ValidateFunction | null = null;
    try {
      const { $schema: _ignored, $id: _id, ...compilable } = schema;
      validator = this.#ajv.compile(compilable);
    } catch (error) {
      this.#onInvalidSchema?.(schema, error instanceof Error ? error.message : String(error));
    }
    this.#compiled.set(schema, validator);
    return validator;
  }
}

function describeIssue(error: ErrorObject): ValidationIssue {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    return { path: `${error.instancePath}/${String(params.missingProperty)}`, message: 'required' };
  }
  if (error.keyword === 'additionalProperties') {
    return {
      path: `${error.instancePath}/${String(params.additionalProperty)}`,
      message: 'unknown property (not in the schema)',
    };
  }
  if (error.keyword === 'enum') {
    return {
      path: error.instancePath || '/',
      message: `must be one of ${JSON.stringify(params.allowedValues)}`,
    };
  }
  return { path: error.instancePath || '/', message: error.message ?? error.keyword };
}
