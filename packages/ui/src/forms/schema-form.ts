import type { JsonSchema } from '@switchboard/core';

/** A form field generated from one property of a tool's input schema. */
export interface SchemaField {
  name: string;
  label: string;
  /** `multi`: several of `options` (an array of choices, MCP's multi-select enum). */
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'multi' | 'json';
  required: boolean;
  description?: string;
  options?: unknown[];
  /** Enum and multi fields: the option shown for each of `options` (from `oneOf`/`anyOf` titles or `enumNames`). */
  optionLabels?: string[];
  default?: unknown;
  /** The constraints the schema states, for forms that check them as the user types. */
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** Multi fields: how many options must be chosen at least and at most. */
  minItems?: number;
  maxItems?: number;
}

const CONSTRAINTS = [
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
] as const;

/**
 * The fields of a form for a tool's JSON Schema: one per top-level property; nested values edited as JSON.
 * Choices come from `enum` (labelled by `enumNames`) or from a `oneOf` of titled `const`s; an array
 * whose items are such choices (`items.enum`, or `items.anyOf` of titled `const`s) is a multi-select.
 */
export function fieldsFromSchema(schema: JsonSchema | undefined): SchemaField[] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, property]) => {
    const type = Array.isArray(property.type)
      ? property.type.find((entry) => entry !== 'null')
      : property.type;
    const items = type === 'array' ? (property.items as JsonSchema | undefined) : undefined;
    const multiChoices = items && typeof items === 'object' ? choicesOf(items) : undefined;
    const choices = multiChoices ?? choicesOf(property);
    const kind: SchemaField['kind'] = multiChoices
      ? 'multi'
      : choices
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
  const oneOf = (property.oneOf ?? property.anyOf) as Array<{ const?: unknown; title?: unknown }> | undefined;
  if (!Array.isArray(oneOf) || oneOf.length === 0 || !oneOf.every((entry) => entry && 'const' in entry))
    return undefined;
  return {
    options: oneOf.map((entry) => entry.const),
    optionLabels: oneOf.map((entry) => (typeof entry.title === 'string' ? entry.title : String(entry.const))),
  };
}

/**
 * The options a multi field's value names (an array of options or their strings), in the order of
 * the options; or what is wrong: an unknown option, or fewer or more than the field allows.
 */
function chosenOptions(field: SchemaField, value: unknown): unknown[] | string {
  const picked = Array.isArray(value)
    ? value.map(String)
    : value === undefined || value === ''
      ? []
      : [String(value)];
  const options = field.options ?? [];
  const unknown = picked.find((text) => !options.some((option) => String(option) === text));
  if (unknown !== undefined) return `"${unknown}" is not one of ${options.map(String).join(', ')}`;
  const chosen = options.filter((option) => picked.includes(String(option)));
  const least = Math.max(field.minItems ?? 0, field.required ? 1 : 0);
  if (chosen.length < least && (chosen.length > 0 || field.required))
    return least === 1 ? 'choose at least one' : `choose at least ${least}`;
  if (field.maxItems !== undefined && chosen.length > field.maxItems)
    return `choose at most ${field.maxItems}`;
  return chosen;
}

/**
 * Turns the raw form values (strings from inputs, booleans from checkboxes, arrays of options from
 * checkbox groups) into tool arguments: numbers parsed, JSON fields parsed, empty optional fields left out. Returns the errors per field instead
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
    if (field.kind === 'multi') {
      const outcome = chosenOptions(field, value);
      if (typeof outcome === 'string') errors[field.name] = outcome;
      else if (outcome.length > 0 || field.required) args[field.name] = outcome;
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
