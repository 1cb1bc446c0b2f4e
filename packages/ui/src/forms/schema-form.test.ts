import { describe, expect, it } from 'vitest';
import { argsFromForm, fieldsFromSchema } from './schema-form.ts';

const schema = {
  type: 'object',
  properties: {
    operation: { enum: ['add', 'subtract'], description: 'what to do' },
    a: { type: 'number' },
    n: { type: 'integer', default: 2 },
    exact: { type: 'boolean' },
    note: { type: ['string', 'null'] },
    options: { type: 'object' },
  },
  required: ['operation', 'a'],
};

describe('schema forms', () => {
  it('makes one field per property', () => {
    expect(fieldsFromSchema(schema).map((field) => [field.name, field.kind, field.required])).toEqual([
      ['operation', 'enum', true],
      ['a', 'number', true],
      ['n', 'integer', false],
      ['exact', 'boolean', false],
      ['note', 'string', false],
      ['options', 'json', false],
    ]);
    expect(fieldsFromSchema(undefined)).toEqual([]);
  });

  it('converts values and reports errors per field', () => {
    const fields = fieldsFromSchema(schema);
    expect(
      argsFromForm(fields, { operation: 'add', a: '2.5', n: '', exact: true, options: '{"x":1}' }),
    ).toEqual({
      ok: true,
      args: { operation: 'add', a: 2.5, exact: true, options: { x: 1 } },
    });
    expect(argsFromForm(fields, { operation: 'mul', a: '', n: '1.5', options: '{' })).toEqual({
      ok: false,
      errors: {
        operation: 'must be one of add, subtract',
        a: 'required',
        n: 'must be an integer',
        options: 'must be valid JSON',
      },
    });
  });
});
