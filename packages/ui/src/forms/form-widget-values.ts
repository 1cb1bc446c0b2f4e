import { compileLinearPattern, type LinearPattern } from '@switchboard/core';

/** A field of the `form` widget (as its schema describes it). */
export interface FormWidgetField {
  name: string;
  label?: string;
  /** `checkboxes`: any of `options`, one checkbox each; its value is the array of those ticked. */
  type?: 'text' | 'textarea' | 'number' | 'email' | 'url' | 'date' | 'select' | 'checkbox' | 'checkboxes';
  required?: boolean;
  options?: string[];
  /** The text shown for each of `options` (default: the option itself). */
  optionLabels?: string[];
  /** A hint shown under the field. */
  description?: string;
  placeholder?: string;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** Checkboxes: how many must be ticked at least and at most (when any is). */
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks the values a user entered in a `form` widget against its fields and converts them
 * (numbers, booleans). Returns the values keyed by field name, or a message per invalid field.
 */
export function validateFormValues(
  fields: readonly FormWidgetField[],
  raw: Record<string, unknown>,
): { ok: true; values: Record<string, unknown> } | { ok: false; errors: Record<string, string> } {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (field.type === 'checkbox') {
      values[field.name] = value === true;
      if (field.required && value !== true) errors[field.name] = 'must be checked';
      continue;
    }
    if (field.type === 'checkboxes') {
      const ticked = Array.isArray(value) ? value.map(String) : [];
      const problem = tickedProblem(field, ticked);
      if (problem) errors[field.name] = problem;
      else values[field.name] = (field.options ?? []).filter((option) => ticked.includes(option));
      continue;
    }
    const text = value === undefined || value === null ? '' : String(value).trim();
    if (text === '') {
      if (field.required) errors[field.name] = 'required';
      continue;
    }
    const problem = fieldProblem(field, text);
    if (problem) errors[field.name] = problem;
    else values[field.name] = field.type === 'number' ? Number(text) : text;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}

function tickedProblem(field: FormWidgetField, ticked: readonly string[]): string | undefined {
  if (ticked.some((option) => !field.options?.includes(option))) return 'must be among the choices';
  const least = Math.max(field.minItems ?? 0, field.required ? 1 : 0);
  if (ticked.length < least && (ticked.length > 0 || field.required))
    return least === 1 ? 'tick at least one' : `tick at least ${least}`;
  if (field.maxItems !== undefined && ticked.length > field.maxItems) return `tick at most ${field.maxItems}`;
  return undefined;
}

function fieldProblem(field: FormWidgetField, text: string): string | undefined {
  if (field.type === 'number') {
    const number = Number(text);
    if (!Number.isFinite(number)) return 'must be a number';
    if (field.min !== undefined && number < field.min) return `must be at least ${field.min}`;
    if (field.max !== undefined && number > field.max) return `must be at most ${field.max}`;
    return undefined;
  }
  if (field.type === 'email' && !EMAIL.test(text)) return 'must be an email address';
  if (field.type === 'url' && !/^https?:\/\/\S+$/i.test(text)) return 'must be an http(s) URL';
  if (field.type === 'select' && field.options && !field.options.includes(text))
    return 'must be one of the choices';
  if (field.minLength !== undefined && text.length < field.minLength)
    return `must have at least ${field.minLength} characters`;
  if (field.maxLength !== undefined && text.length > field.maxLength)
    return `must have at most ${field.maxLength} characters`;
  if (field.pattern && !matchesWholePattern(field.pattern, text)) return 'has the wrong format';
  return undefined;
}

/**
 * Whether `text` is all of what `pattern` (the form's, so a server's or a model's) describes, matched
 * in linear time; a pattern RE2 cannot run (backreferences, lookaround) is not checked here, and
 * whoever asked checks the answer.
 */
function matchesWholePattern(pattern: string, text: string): boolean {
  let compiled: LinearPattern;
  try {
    compiled = compileLinearPattern(pattern);
  } catch {
    return true;
  }
  return compiled.testWhole(text);
}
