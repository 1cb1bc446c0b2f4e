import { describe, expect, it } from 'vitest';
import { isStrictCompatibleSchema } from './is-strict-compatible-schema.ts';

const closed = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

describe('isStrictCompatibleSchema', () => {
  it('accepts closed objects with every property required, nested through items, anyOf and $defs', () => {
    const schema = {
      ...closed({
        name: { type: 'string' },
        tags: { type: 'array', items: closed({ label: { type: ['string', 'null'] } }) },
        shape: { anyOf: [closed({ r: { type: 'number' } }), { $ref: '#/$defs/square' }] },
      }),
      $defs: { square: closed({ side: { type: 'number' } }) },
    };
    expect(isStrictCompatibleSchema(schema)).toBe(true);
    expect(isStrictCompatibleSchema(closed({}))).toBe(true);
  });

  it('rejects a missing additionalProperties: false, anywhere', () => {
    expect(isStrictCompatibleSchema({ type: 'object', properties: {}, required: [] })).toBe(false);
    expect(
      isStrictCompatibleSchema(closed({ inner: { type: 'object', properties: {}, required: [] } })),
    ).toBe(false);
    expect(
      isStrictCompatibleSchema(
        closed({ list: { type: 'array', items: { type: 'object', properties: { a: {} } } } }),
      ),
    ).toBe(false);
  });

  it('rejects optional properties', () => {
    expect(
      isStrictCompatibleSchema({
        ...closed({ a: { type: 'string' }, b: { type: 'string' } }),
        required: ['a'],
      }),
    ).toBe(false);
  });

  it('rejects unsupported keywords and non-object roots', () => {
    expect(isStrictCompatibleSchema(closed({ a: { oneOf: [{ type: 'string' }, { type: 'number' }] } }))).toBe(
      false,
    );
    expect(isStrictCompatibleSchema({ ...closed({}), allOf: [] })).toBe(false);
    expect(isStrictCompatibleSchema({ anyOf: [closed({})] })).toBe(false);
    expect(isStrictCompatibleSchema({ type: 'string' })).toBe(false);
  });
});
