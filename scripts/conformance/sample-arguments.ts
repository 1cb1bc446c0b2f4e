/**
 * Arguments for a tool made from its input schema: each required property gets a plain
 * value of its type (its default or first enum value when it has one). Enough for the
 * conformance suite's test tools, which check what the client does, not what it asks.
 */
export function sampleArguments(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return Object.fromEntries(required.map((name) => [name, sampleValue(properties[name] ?? {})]));
}

function sampleValue(schema: Record<string, unknown>): unknown {
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return sampleArguments(schema);
    default:
      return 'sample';
  }
}
