import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator, addFormats } from '@modelcontextprotocol/client/validators/ajv';
import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { declaredJsonSchemaDialect, type JsonSchemaDialect } from './json-schema-dialect.ts';
import { linearRegExpEngine } from './linear-pattern.ts';

const ENGINES = { '2020-12': Ajv2020, '2019-09': Ajv2019, 'draft-07': Ajv } as const;

/**
 * The MCP SDK's ajv validator, set up as the SDK's default one is (an engine per `$schema` dialect,
 * formats checked) except that `pattern` and `patternProperties` match with RE2 in linear time.
 * Our MCP clients take it as `jsonSchemaValidator`, since they check each tool result against the
 * server's `outputSchema`: with the SDK's default, a hostile `^(a+)+$` and a result of 40 `a`s and a
 * `!` held the event loop for hours. A pattern RE2 cannot compile fails that schema's compilation,
 * which the SDK reports for that tool alone.
 */
export class LinearJsonSchemaValidator implements jsonSchemaValidator {
  readonly #byDialect = new Map<JsonSchemaDialect, AjvJsonSchemaValidator>();

  /** The validator for `schema`, compiled by the engine of its dialect (2020-12 when it declares none, as MCP specifies). */
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const dialect = declaredJsonSchemaDialect(schema) ?? '2020-12';
    let validator = this.#byDialect.get(dialect);
    if (!validator) {
      const engine = new ENGINES[dialect]({
        strict: false,
        validateFormats: true,
        validateSchema: false,
        allErrors: true,
        code: { regExp: linearRegExpEngine },
      });
      addFormats(engine as unknown as Parameters<typeof addFormats>[0]);
      validator = new AjvJsonSchemaValidator(engine);
      this.#byDialect.set(dialect, validator);
    }
    return validator.getValidator<T>(schema);
  }
}
