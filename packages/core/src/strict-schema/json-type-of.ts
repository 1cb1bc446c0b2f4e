/** The JSON Schema type of a value: `null`, `array`, `integer` for whole numbers, else its `typeof`. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value;
}
