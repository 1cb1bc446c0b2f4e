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

  it('reads titled choices and the constraints a form can check', () => {
    const fields = fieldsFromSchema({
      type: 'object',
      properties: {
        hero: { type: 'string', oneOf: [{ const: 'h1', title: 'Superman' }, { const: 'h2' }], default: 'h1' },
        pet: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'] },
        email: { type: 'string', format: 'email', minLength: 3, maxLength: 50, pattern: '.+@.+' },
        age: { type: 'integer', minimum: 1, maximum: 100 },
        mixed: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      },
    });
    expect(fields).toEqual([
      {
        name: 'hero',
        label: 'hero',
        kind: 'enum',
        required: false,
        options: ['h1', 'h2'],
        optionLabels: ['Superman', 'h2'],
        default: 'h1',
      },
      {
        name: 'pet',
        label: 'pet',
        kind: 'enum',
        required: false,
        options: ['p1', 'p2'],
        optionLabels: ['Cats', 'Dogs'],
      },
      {
        name: 'email',
        label: 'email',
        kind: 'string',
        required: false,
        format: 'email',
        minLength: 3,
        maxLength: 50,
        pattern: '.+@.+',
      },
      { name: 'age', label: 'age', kind: 'integer', required: false, minimum: 1, maximum: 100 },
      { name: 'mixed', label: 'mixed', kind: 'json', required: false },
    ]);
  });
});
