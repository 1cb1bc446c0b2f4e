import { describe, expect, it, vi } from 'vitest';
import { SchemaValidator } from './schema-validator.ts';

const statCard = {
  type: 'object',
  properties: {
    label: { type: 'string' },
    value: { type: 'string' },
    trend: { type: 'string', enum: ['up', 'down', 'stable'] },
  },
  required: ['label', 'value'],
  additionalProperties: false,
};

describe('SchemaValidator', () => {
  it('accepts a valid value', () => {
    expect(new SchemaValidator().validate(statCard, { label: 'Sales', value: '3' })).toEqual({ valid: true });
  });

  it('names a missing required property by its path', () => {
    const outcome = new SchemaValidator().validate(statCard, { label: 'Sales' });
    expect(outcome).toEqual({ valid: false, issues: [{ path: '/value', message: 'required' }] });
  });

  it('lists the allowed values of an enum and unknown properties', () => {
    const outcome = new SchemaValidator().validate(statCard, {
      label: 'a',
      value: 'b',
      trend: 'sideways',
      x: 1,
    });
    expect(outcome.valid).toBe(false);
    if (outcome.valid) return;
    expect(outcome.issues).toContainEqual({
      path: '/trend',
      message: 'must be one of ["up","down","stable"]',
    });
    expect(outcome.issues).toContainEqual({ path: '/x', message: 'unknown property (not in the schema)' });
  });

  it('checks 2020-12 keywords by the dialect the schema declares, leaving the schema as it was', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { point: { $ref: '#/$defs/pair' } },
      $defs: { pair: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false } },
      unevaluatedProperties: false,
    };
    const copy = structuredClone(schema);
    const validator = new SchemaValidator();
    expect(validator.validate(schema, { point: [1, 2] })).toEqual({ valid: true });
    expect(validator.validate(schema, { point: [1, 'two'] }).valid).toBe(false);
    expect(validator.validate(schema, { point: [1, 2, 3] }).valid).toBe(false);
    expect(validator.validate(schema, { point: [1, 2], other: true }).valid).toBe(false);
    expect(schema).toEqual(copy);
  });

  it('reads a schema that declares draft-07, or no dialect, as draft-07 (tuple items)', () => {
    const tuple = { type: 'array', items: [{ type: 'string' }], additionalItems: false };
    const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', ...tuple };
    for (const schema of [tuple, draft07]) {
      expect(new SchemaValidator().validate(schema, ['a'])).toEqual({ valid: true });
      expect(new SchemaValidator().validate(schema, [1]).valid).toBe(false);
      expect(new SchemaValidator().validate(schema, ['a', 'b']).valid).toBe(false);
    }
  });

  it('accepts 2020-12 schemas that declare $schema', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      required: ['a'],
    };
    expect(new SchemaValidator().validate(schema, {}).valid).toBe(false);
  });

  it('checks a pattern, and patternProperties, with the linear engine', () => {
    const schema = {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^[A-Z]{3}-\\d+$' } },
      patternProperties: { '^x-': { type: 'number' } },
    };
    const validator = new SchemaValidator();
    expect(validator.validate(schema, { code: 'ABC-12', 'x-size': 3 })).toEqual({ valid: true });
    expect(validator.validate(schema, { code: 'abc' })).toEqual({
      valid: false,
      issues: [{ path: '/code', message: 'must match pattern "^[A-Z]{3}-\\d+$"' }],
    });
    expect(validator.validate(schema, { 'x-size': 'big' }).valid).toBe(false);
  });

  it('treats a schema whose pattern RE2 cannot run (a backreference) as one it cannot compile', () => {
    const onInvalidSchema = vi.fn();
    const schema = { type: 'string', pattern: '^(a)\\1$' };
    expect(new SchemaValidator({ onInvalidSchema }).validate(schema, 'ab')).toEqual({ valid: true });
    expect(onInvalidSchema).toHaveBeenCalledWith(
      schema,
      expect.stringContaining('cannot be matched in linear time'),
    );
  });

  it('reports an uncompilable schema once and lets calls through', () => {
    const onInvalidSchema = vi.fn();
    const validator = new SchemaValidator({ onInvalidSchema });
    const broken = { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } };
    expect(validator.validate(broken, { a: 1 })).toEqual({ valid: true });
    expect(validator.validate(broken, { a: 2 })).toEqual({ valid: true });
    expect(onInvalidSchema).toHaveBeenCalledTimes(1);
  });
});
