import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from '../types/layers.ts';
import { declaredJsonSchemaDialect, type JsonSchemaDialect } from './json-schema-dialect.ts';
import { linearRegExpEngine } from './linear-pattern.ts';

interface AjvInstance {
  compile(schema: object): ValidateFunction;
}

const ENGINES: Record<JsonSchemaDialect, new (options: Options) => AjvInstance> = {
  '2020-12': Ajv2020,
  '2019-09': Ajv2019,
  'draft-07': Ajv,
};

/** One validation problem, as the model sees it. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** The outcome of validating a value against a schema. */
export type ValidationOutcome = { valid: true } | { valid: false; issues: ValidationIssue[] };

/**
 * Validates tool inputs against JSON Schemas with compiled validators, cached per schema object.
 * Each schema compiles by the engine of the dialect its `$schema` declares, so a 2020-12 schema's
 * keywords (`prefixItems`, `$defs`, `unevaluatedProperties`, …) are checked as written, and one
 * that declares none by draft-07's (the widgets' schemas use its tuple `items`; a 2020-12 keyword
 * it does not know is ignored, so nothing valid is refused). The schema itself is never changed.
 * `pattern` and `patternProperties` (a server's, so possibly hostile) match with RE2 in time linear
 * in the value, never with a backtracking `RegExp`. A schema that cannot be compiled (invalid, using
 * unknown references, or with a pattern RE2 cannot run: backreferences, lookaround) is reported once
 * through `onInvalidSchema` and then treated as accepting everything, so a bad server schema never
 * blocks a call: the server still checks its own input.
 */
export class SchemaValidator {
  readonly #engines = new Map<JsonSchemaDialect, AjvInstance>();
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
      // Without its `$id`, a schema compiles again however often servers send it (ajv keeps ids).
      const { $id: _id, ...compilable } = schema;
      validator = this.#engine(declaredJsonSchemaDialect(schema) ?? 'draft-07').compile(compilable);
    } catch (error) {
      this.#onInvalidSchema?.(schema, error instanceof Error ? error.message : String(error));
    }
    this.#compiled.set(schema, validator);
    return validator;
  }

  #engine(dialect: JsonSchemaDialect): AjvInstance {
    let engine = this.#engines.get(dialect);
    if (!engine) {
      engine = new ENGINES[dialect]({
        strict: false,
        allErrors: true,
        validateFormats: false,
        validateSchema: false,
        code: { regExp: linearRegExpEngine },
      });
      this.#engines.set(dialect, engine);
    }
    return engine;
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
