import type { JsonSchema } from '../types/index.ts';

/** The values a schema's `const` or non-empty `enum` allows; undefined when it has neither. */
export function enumValues(raw: JsonSchema): unknown[] | undefined {
  if ('const' in raw) return [raw.const];
  return Array.isArray(raw.enum) && raw.enum.length > 0 ? raw.enum : undefined;
}
