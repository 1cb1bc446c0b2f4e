import type { FormWidgetField } from './form-widget-values.ts';
import type { SchemaField } from './schema-form.ts';
import { argsFromForm } from './schema-form.ts';

const INPUT_OF_FORMAT: Record<string, FormWidgetField['type']> = { email: 'email', uri: 'url', date: 'date' };

/**
 * The `form` widget's fields for the fields of a server's requested schema (elicitation): strings by
 * format, numbers with their range, booleans as checkboxes, choices as selects, multi-selects as
 * groups of checkboxes, anything else as JSON.
 */
export function elicitationFormFields(fields: readonly SchemaField[]): FormWidgetField[] {
  return fields.map((field) => {
    const common = {
      name: field.name,
      label: field.label,
      ...(field.description ? { description: field.description } : {}),
    };
    switch (field.kind) {
      case 'boolean':
        return {
          ...common,
          type: 'checkbox',
          ...(field.default !== undefined ? { default: field.default } : {}),
        };
      case 'enum':
        return {
          ...common,
          type: 'select',
          required: field.required,
          options: (field.options ?? []).map(String),
          ...(field.optionLabels ? { optionLabels: field.optionLabels } : {}),
          ...(field.default !== undefined ? { default: String(field.default) } : {}),
        };
      case 'multi':
        return {
          ...common,
          type: 'checkboxes',
          required: field.required,
          options: (field.options ?? []).map(String),
          ...(field.optionLabels ? { optionLabels: field.optionLabels } : {}),
          ...(field.minItems !== undefined ? { minItems: field.minItems } : {}),
          ...(field.maxItems !== undefined ? { maxItems: field.maxItems } : {}),
          ...(Array.isArray(field.default) ? { default: field.default.map(String) } : {}),
        };
      case 'number':
      case 'integer':
        return {
          ...common,
          type: 'number',
          required: field.required,
          ...(field.minimum !== undefined ? { min: field.minimum } : {}),
          ...(field.maximum !== undefined ? { max: field.maximum } : {}),
          ...(field.default !== undefined ? { default: field.default } : {}),
        };
      case 'string':
        return {
          ...common,
          type: INPUT_OF_FORMAT[field.format ?? ''] ?? 'text',
          required: field.required,
          ...(field.minLength !== undefined ? { minLength: field.minLength } : {}),
          ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
          ...(field.pattern !== undefined ? { pattern: field.pattern } : {}),
          ...(field.default !== undefined ? { default: field.default } : {}),
        };
      default:
        return {
          ...common,
          type: 'textarea',
          required: field.required,
          placeholder: 'JSON',
          ...(field.default !== undefined ? { default: JSON.stringify(field.default) } : {}),
        };
    }
  });
}

/**
 * The content a server receives from the values its form gave (already checked by the form widget):
 * typed as the schema says (integers, choices, JSON), or what is still wrong, by field label.
 */
export function elicitationContent(
  fields: readonly SchemaField[],
  values: Record<string, unknown>,
): { ok: true; content: Record<string, unknown> } | { ok: false; message: string } {
  const outcome = argsFromForm(fields, values);
  if (outcome.ok) return { ok: true, content: outcome.args };
  const label = (name: string) => fields.find((field) => field.name === name)?.label ?? name;
  return {
    ok: false,
    message: Object.entries(outcome.errors)
      .map(([name, error]) => `${label(name)}: ${error}`)
      .join('; '),
  };
}
