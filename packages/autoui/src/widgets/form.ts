import { arrayOf, object, scalar, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** The field types a `form` offers. */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'email',
  'url',
  'date',
  'select',
  'checkbox',
] as const;

/** `form`: fields with validation; submitting sends the values back to the conversation. */
export const form: WidgetDefinition<'form'> = {
  name: 'form',
  schema: object(
    {
      title: TITLE,
      description: text('Instructions shown above the fields', 1000),
      fields: arrayOf(
        object(
          {
            name: {
              type: 'string',
              pattern: '^[A-Za-z_][A-Za-z0-9_-]{0,63}$',
              description: 'Key of the value in the submission',
            },
            label: text('Field label (defaults to the name)', 200),
            type: { enum: [...FORM_FIELD_TYPES], description: 'Input type (default text)' },
            required: { type: 'boolean' },
            placeholder: text('Hint shown in an empty field', 200),
            options: arrayOf(text('A choice', 200), 'Choices of a select field', { min: 1, max: 200 }),
            min: { type: 'number', description: 'Minimum (number fields)' },
            max: { type: 'number', description: 'Maximum (number fields)' },
            minLength: { type: 'integer', minimum: 0 },
            maxLength: { type: 'integer', minimum: 1 },
            pattern: {
              type: 'string',
              maxLength: 200,
              description: 'Regular expression the text must match',
            },
            default: scalar('Initial value'),
          },
          ['name'],
        ),
        'The fields, in order',
        { min: 1, max: 40 },
      ),
      submitLabel: text('Text of the submit button (default "Send")', 60),
    },
    ['fields'],
  ),
  recipe: `---
name: form
title: Form
description: Fields the user fills in — text, numbers, dates, choices — with validation; submitting sends the values back to the conversation.
when: You need several pieces of information from the user at once (a delivery address, search filters, booking details).
keywords: [form, input, fields, fill, ask, questions, filters, settings, booking, address, survey]
---
Display \`form\` with \`fields\`, each \`{ "name", "label", "type", "required", "options", "min", "max", "pattern", "placeholder", "default" }\` (types: text, textarea, number, email, url, date, select with \`options\`, checkbox) and a \`submitLabel\`. The user's submission comes back as the next user message with the values as JSON keyed by field name. Never ask for passwords or payment card numbers.`,
  example: {
    title: 'Delivery',
    fields: [
      { name: 'city', label: 'City', required: true },
      { name: 'slot', label: 'Time slot', type: 'select', options: ['Morning', 'Afternoon'] },
    ],
    submitLabel: 'Book',
  },
  size: { width: 380, height: 320 },
};
