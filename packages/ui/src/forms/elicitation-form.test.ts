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
    heroes: {
      type: 'array',
      minItems: 1,
      maxItems: 2,
      items: {
        anyOf: [
          { const: 'hero-1', title: 'Superman' },
          { const: 'hero-2', title: 'Flash' },
          { const: 'hero-3', title: 'Wonder Woman' },
        ],
      },
    },
    tags: { type: 'array', items: { type: 'string' } },
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
        type: 'checkboxes',
        required: false,
        options: ['Tuna', 'Trout'],
        default: ['Tuna'],
      },
      {
        name: 'heroes',
        label: 'heroes',
        type: 'checkboxes',
        required: false,
        options: ['hero-1', 'hero-2', 'hero-3'],
        optionLabels: ['Superman', 'Flash', 'Wonder Woman'],
        minItems: 1,
        maxItems: 2,
      },
      { name: 'tags', label: 'tags', type: 'textarea', required: false, placeholder: 'JSON' },
    ]);
  });

  it('types the checked values as the schema asks', () => {
    expect(
      elicitationContent(fields, {
        name: 'Ada',
        check: false,
        integer: 7,
        hero: 'hero-2',
        fish: ['Trout', 'Tuna'],
        heroes: [],
        tags: '["a"]',
      }),
    ).toEqual({
      ok: true,
      content: {
        name: 'Ada',
        check: false,
        integer: 7,
        hero: 'hero-2',
        fish: ['Tuna', 'Trout'],
        tags: ['a'],
      },
    });
  });

  it('says what is wrong by field label', () => {
    expect(
      elicitationContent(fields, {
        integer: 1.5,
        fish: ['Carp'],
        heroes: ['hero-1', 'hero-2', 'hero-3'],
        tags: '[',
      }),
    ).toEqual({
      ok: false,
      message:
        'String: required; integer: must be an integer; fish: "Carp" is not one of Tuna, Trout; heroes: choose at most 2; tags: must be valid JSON',
    });
  });
});
