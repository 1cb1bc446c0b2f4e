import type { JsonSchema } from '@switchboard/core';

/** A form field generated from one property of a tool's input schema. */
export interface SchemaField {
  name: string;
  label: string;
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';
  required: boolean;
  description?: string;
  options?: unknown[];
  /** Enum fields: the option shown for each of `options` (from `oneOf` titles or `enumNames`). */
  optionLabels?: string[];
  default?: unknown;
  /** The constraints the schema states, for forms that check them as the user types. */
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

const CONSTRAINTS = ['format', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern'] as const;

/**
 * The fields of a form for a tool's JSON Schema: one per top-level property; nested values edited as JSON.
 * Choices come from `enum` (labelled by `enumNames`) or from a `oneOf` of titled `const`s.
 */
export function fieldsFromSchema(schema: JsonSchema | undefined): SchemaField[] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, property]) => {
    const type = Array.isArray(property.type)
      ? property.type.find((entry) => entry !== 'null')
      : property.type;
    const choices = choicesOf(property);
    const kind: SchemaField['kind'] = choices
      ? 'enum'
      : type === 'string' || type === 'number' || type === 'integer' || type === 'boolean'
        ? type
        : 'json';
    const constraints = CONSTRAINTS.filter((key) => property[key] !== undefined).map((key) => [
      key,
      property[key],
    ]);
    return {
      name,
      label: typeof property.title === 'string' ? property.title : name,
      kind,
      required: required.has(name),
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
      ...choices,
      ...(property.default !== undefined ? { default: property.default } : {}),
      ...Object.fromEntries(constraints),
    };
  });
}

function choicesOf(property: JsonSchema): Pick<SchemaField, 'options' | 'optionLabels'> | undefined {
  if (Array.isArray(property.enum)) {
    const names = property.enumNames;
    const labelled = Array.isArray(names) && names.length === property.enum.length;
    return { options: property.enum, ...(labelled ? { optionLabels: names.map(String) } : {}) };
  }
  const oneOf = property.oneOf as Array<{ const?: unknown; title?: unknown }> | undefined;
  if (!Array.isArray(oneOf) || oneOf.length === 0 || !oneOf.every((entry) => entry && 'const' in entry))
    return undefined;
  return {
    options: oneOf.map((entry) => entry.const),
    optionLabels: oneOf.map((entry) => (typeof entry.title === 'string' ? entry.title : String(entry.const))),
  };
}

/**
 * Turns the raw form values (strings from inputs, booleans from checkboxes) into tool arguments:
 * numbers parsed, JSON fields parsed, empty optional fields left out. Returns the errors per field instead
 * when a value cannot be read.
 */
export function argsFromForm(
  fields: readonly SchemaField[],
  raw: Record<string, unknown>,
): { ok: true; args: Record<string, unknown> } | { ok: false; errors: Record<string, string> } {
  const args: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = raw[field.name];
    const empty = value === undefined || value === '' || value === null;
    if (field.kind === 'boolean') {
      if (value !== undefined) args[field.name] = value === true || value === 'true';
      continue;
    }
    if (empty) {
      if (field.required) errors[field.name] = 'required';
      continue;
    }
    const text = String(value);
    if (field.kind === 'number' || field.kind === 'integer') {
      const number = Number(text);
      if (!Number.isFinite(number) || (field.kind === 'integer' && !Number.isInteger(number)))
        errors[field.name] = `must be ${field.kind === 'integer' ? 'an integer' : 'a number'}`;
      else args[field.name] = number;
    } else if (field.kind === 'json') {
      try {
        args[field.name] = JSON.parse(text);
      } catch {
        errors[field.name] = 'must be valid JSON';
      }
    } else if (field.kind === 'enum') {
      const option = field.options?.find((candidate) => String(candidate) === text);
      if (option === undefined)
        errors[field.name] = `must be one of ${field.options?.map(String).join(', ')}`;
      else args[field.name] = option;
    } else {
      args[field.name] = text;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, args };
}
