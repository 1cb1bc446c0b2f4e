import { describe, expect, it } from 'vitest';
import { elicitationContent, elicitationFormFields } from './elicitation-form.ts';
import { fieldsFromSchema } from './schema-form.ts';

/** A part of server-everything's `trigger-elicitation-request` form. */
const schema = {
  type: 'object',
  properties: {
    name: { title: 'String', type: 'string', description: 'Your full, legal name' },
    check: { title: 'Boolean', type: 'boolean' },
    email: { type: 'string', format: 'email', maxLength: 80 },
    homepage: { type: 'string', format: 'uri' },
    integer: { type: 'integer', minimum: 1, maximum: 100, default: 42 },
    hero: {
      type: 'string',
      oneOf: [
        { const: 'hero-1', title: 'Superman' },
        { const: 'hero-2', title: 'Flash' },
      ],
    },
    fish: { type: 'array', items: { enum: ['Tuna', 'Trout'] }, default: ['Tuna'] },
  },
  required: ['name'],
};

describe('elicitation forms', () => {
  const fields = fieldsFromSchema(schema);

  it('builds form widget fields from the requested schema', () => {
    expect(elicitationFormFields(fields)).toEqual([
      { name: 'name', label: 'String', description: 'Your full, legal name', type: 'text', required: true },
      { name: 'check', label: 'Boolean', type: 'checkbox' },
      { name: 'email', label: 'email', type: 'email', required: false, maxLength: 80 },
      { name: 'homepage', label: 'homepage', type: 'url', required: false },
      { name: 'integer', label: 'integer', type: 'number', required: false, min: 1, max: 100, default: 42 },
      {
        name: 'hero',
        label: 'hero',
        type: 'select',
        required: false,
        options: ['hero-1', 'hero-2'],
        optionLabels: ['Superman', 'Flash'],
      },
      {
        name: 'fish',
        label: 'fish',
        type: 'textarea',
        required: false,
        placeholder: 'JSON',
        default: '["Tuna"]',
      },
    ]);
  });

  it('types the checked values as the schema asks', () => {
    expect(
      elicitationContent(fields, {
        name: 'Ada',
        check: false,
        integer: 7,
        hero: 'hero-2',
        fish: '["Trout"]',
      }),
    ).toEqual({
      ok: true,
      content: { name: 'Ada', check: false, integer: 7, hero: 'hero-2', fish: ['Trout'] },
    });
  });

  it('says what is wrong by field label', () => {
    expect(elicitationContent(fields, { integer: 1.5, fish: '[' })).toEqual({
      ok: false,
      message: 'String: required; integer: must be an integer; fish: must be valid JSON',
    });
  });
});
