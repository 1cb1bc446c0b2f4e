import { describe, expect, it } from 'vitest';
import { pointerSegment, resolveSchemaRef } from './resolve-schema-ref.ts';

const root = {
  $defs: { Point: { type: 'object' } },
  definitions: { 'a/b': { type: 'string' }, 'c~d': { type: 'number' } },
  anyOf: [{ type: 'null' }],
};

describe('resolveSchemaRef', () => {
  it('resolves the root and local pointers', () => {
    expect(resolveSchemaRef(root, '#')).toBe(root);
    expect(resolveSchemaRef(root, '#/$defs/Point')).toEqual({ type: 'object' });
    expect(resolveSchemaRef(root, '#/definitions/a~1b')).toEqual({ type: 'string' });
    expect(resolveSchemaRef(root, '#/definitions/c~0d')).toEqual({ type: 'number' });
    expect(resolveSchemaRef(root, '#/anyOf/0')).toEqual({ type: 'null' });
  });

  it('returns undefined for missing and remote references', () => {
    expect(resolveSchemaRef(root, '#/$defs/Missing')).toBeUndefined();
    expect(resolveSchemaRef(root, 'https://example.com/schema.json')).toBeUndefined();
    expect(resolveSchemaRef(root, '#/$defs/toString')).toBeUndefined();
  });
});

describe('pointerSegment', () => {
  it('escapes ~ and /', () => {
    expect(pointerSegment('a/b~c')).toBe('a~1b~0c');
  });
});
