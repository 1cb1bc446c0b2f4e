import type { JsonSchema } from '@switchboard/core';
import fc from 'fast-check';

/** What {@link schemaArbitrary} needs besides the schema. */
export interface ArbitraryContext {
  /** The schemas `$ref: "#/components/schemas/<name>"` names. */
  components?: Record<string, JsonSchema>;
  /** Properties filled by name with the test's own arbitrary (a `url` the gateway would dial, say). */
  overrides?: Record<string, fc.Arbitrary<unknown>>;
}

/**
 * A fast-check arbitrary of values shaped by a JSON Schema — the subset the gateway's request
 * schemas use (objects, arrays, strings with lengths, numbers with bounds, enums, consts, anyOf,
 * oneOf, `$ref`s to components) — mostly valid, sometimes not: optional properties come and go,
 * bounds are probed at their edges and just past them, unknown properties appear, and the whole
 * value may be an arbitrary JSON value instead.
 */
export function schemaArbitrary(schema: JsonSchema, context: ArbitraryContext = {}): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 9, arbitrary: shaped(schema, context, 0) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

const MAX_DEPTH = 6;

function shaped(schema: JsonSchema, context: ArbitraryContext, depth: number): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  const node = schema as Record<string, unknown>;
  if (typeof node.$ref === 'string') {
    const target = context.components?.[node.$ref.replace('#/components/schemas/', '')];
    return target ? shaped(target, context, depth + 1) : fc.jsonValue({ maxDepth: 2 });
  }
  if ('const' in node) return fc.constant(node.const);
  if (Array.isArray(node.enum)) return fc.oneof(fc.constantFrom(...node.enum), fc.string({ maxLength: 8 }));
  const alternatives = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((option) => shaped(option, context, depth + 1)));
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'object':
      return objectOf(node, context, depth);
    case 'array': {
      const items = (node.items as JsonSchema | undefined) ?? {};
      const max = Math.min(Number(node.maxItems ?? 4), 4);
      return fc.array(shaped(items, context, depth + 1), { maxLength: max + 1 });
    }
    case 'string': {
      const min = Number(node.minLength ?? 0);
      const max = Number(node.maxLength ?? 64);
      return fc.oneof(
        fc.string({ minLength: min, maxLength: Math.min(max, 64), unit: 'binary' }),
        fc.constantFrom(
          '',
          ' ',
          '\u0000',
          '../../etc/passwd',
          '<script>alert(1)</script>',
          'x'.repeat(max + 1),
        ),
      );
    }
    case 'integer':
    case 'number': {
      const min = Number(node.minimum ?? -1e9);
      const max = Number(node.maximum ?? 1e9);
      return fc.oneof(
        type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }),
        fc.constantFrom(min - 1, max + 1, 0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2),
      );
    }
    case 'boolean':
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(
  node: Record<string, unknown>,
  context: ArbitraryContext,
  depth: number,
): fc.Arbitrary<unknown> {
  const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((node.required ?? []) as string[]);
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [
      name,
      context.overrides?.[name] ?? shaped(schema, context, depth + 1),
    ]),
  );
  const shapedObject = fc.record(fields, {
    requiredKeys: [...required].filter((name) => name in fields),
  });
  return fc.oneof(
    { weight: 4, arbitrary: shapedObject },
    { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shapedObject, fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }))
        .map(([value, key, extra]) => ({ ...(value as object), [key]: extra })),
    },
  );
}
