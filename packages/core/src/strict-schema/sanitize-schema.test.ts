import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../types/index.ts';
import { checkStrictModeSchema } from './check-strict-mode-schema.ts';
import { restoreArgs } from './restore-args.ts';
import { type SchemaPatch, sanitizeSchema } from './sanitize-schema.ts';

function sanitize(schema: unknown, flatten = false) {
  const patches: SchemaPatch[] = [];
  const result = sanitizeSchema(schema, {
    toolName: 't',
    flatten,
    onSchemaPatch: (_tool, patch) => patches.push(patch),
  });
  expect(checkStrictModeSchema(result.schema)).toEqual([]);
  return { ...result, patches };
}

const ajv = new Ajv({ strict: false, allErrors: true });

describe('sanitizeSchema: strict-mode basics', () => {
  it('closes objects, requires every property and makes optional ones nullable', () => {
    const { schema, patches } = sanitize({
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer', minimum: 1 },
        unit: { enum: ['c', 'f'] },
      },
      required: ['city'],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: ['integer', 'null'], minimum: 1 },
        unit: { type: ['string', 'null'], enum: ['c', 'f', null] },
      },
      required: ['city', 'days', 'unit'],
      additionalProperties: false,
    });
    expect(patches).toEqual([]);
  });

  it('moves unsupported constraints and defaults into the description and drops annotations', () => {
    const { schema } = sanitize({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      title: 'Args',
      properties: {
        url: { type: 'string', format: 'uri', minLength: 5, description: 'Page address' },
        when: { type: 'string', format: 'date-time' },
        count: { type: 'number', default: 5, examples: [3] },
      },
      required: ['url', 'when', 'count'],
    });
    expect(schema.properties).toEqual({
      url: { type: 'string', description: 'Page address (format: uri; min length 5)' },
      when: { type: 'string', format: 'date-time' },
      count: { type: 'number', description: '(default: 5)' },
    });
    expect(schema).not.toHaveProperty('$schema');
  });

  it('converts draft-04 boolean exclusive bounds', () => {
    const { schema } = sanitize({
      type: 'object',
      properties: { n: { type: 'number', minimum: 0, exclusiveMinimum: true } },
      required: ['n'],
    });
    expect(schema.properties).toEqual({ n: { type: 'number', exclusiveMinimum: 0 } });
  });
});

describe('sanitizeSchema: oneOf / anyOf / allOf removal', () => {
  it('anyOf [X, null] becomes nullable X without a report', () => {
    const { schema, patches } = sanitize({
      type: 'object',
      properties: { tag: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, title: 'Tag' } },
      required: ['tag'],
    });
    expect(schema.properties).toEqual({
      tag: { type: ['string', 'null'], description: 'Tag (default: null)' },
    });
    expect(patches).toEqual([]);
  });

  it('merges scalar alternatives into a type union and reports it', () => {
    const { schema, patches } = sanitize({
      type: 'object',
      properties: { id: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
      required: ['id'],
    });
    expect(schema.properties).toEqual({ id: { type: ['string', 'integer'] } });
    expect(patches).toEqual([expect.objectContaining({ path: '#/properties/id/oneOf' })]);
  });

  it('merges enum alternatives', () => {
    const { schema } = sanitize({
      type: 'object',
      properties: { mode: { anyOf: [{ const: 'fast' }, { enum: ['slow', 'safe'] }] } },
      required: ['mode'],
    });
    expect(schema.properties).toEqual({ mode: { type: 'string', enum: ['fast', 'slow', 'safe'] } });
  });

  it('merges object alternatives: common required stays required, the rest becomes optional', () => {
    const original = {
      type: 'object',
      properties: {
        target: {
          anyOf: [
            {
              type: 'object',
              properties: { id: { type: 'string' }, kind: { type: 'string' } },
              required: ['id', 'kind'],
            },
            {
              type: 'object',
              properties: { url: { type: 'string' }, kind: { type: 'string' } },
              required: ['url', 'kind'],
            },
          ],
        },
      },
      required: ['target'],
    };
    const result = sanitize(original);
    expect(result.schema.properties).toEqual({
      target: {
        type: 'object',
        properties: {
          id: { type: ['string', 'null'] },
          kind: { type: 'string' },
          url: { type: ['string', 'null'] },
        },
        required: ['id', 'kind', 'url'],
        additionalProperties: false,
      },
    });
    expect(restoreArgs({ target: { id: null, kind: 'page', url: 'https://x' } }, result)).toEqual({
      target: { kind: 'page', url: 'https://x' },
    });
  });

  it('mixed alternatives become a JSON-encoded value, decoded back', () => {
    const original = {
      type: 'object',
      properties: {
        filter: { anyOf: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'number' } } }] },
      },
      required: ['filter'],
    };
    const result = sanitize(original);
    expect(result.schema.properties).toEqual({
      filter: { type: 'string', description: '(a JSON-encoded value)' },
    });
    expect(result.patches).toHaveLength(1);
    expect(restoreArgs({ filter: '{"a": 1}' }, result)).toEqual({ filter: { a: 1 } });
    expect(restoreArgs({ filter: 'plain text' }, result)).toEqual({ filter: 'plain text' });
  });

  it('merges allOf into one object', () => {
    const { schema, patches } = sanitize({
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { type: 'object', properties: { b: { type: 'number' } } },
      ],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: ['number', 'null'] } },
      required: ['a', 'b'],
      additionalProperties: false,
    });
    expect(patches.map((patch) => patch.path)).toEqual(['#/allOf']);
  });

  it('never leaves a combinator anywhere', () => {
    const { schema } = sanitize({
      type: 'object',
      properties: {
        list: {
          type: 'array',
          items: { oneOf: [{ type: 'object', properties: { x: { type: 'number' } } }, { type: 'null' }] },
        },
        deep: { allOf: [{ anyOf: [{ type: 'integer' }, { type: 'number' }] }] },
      },
    });
    expect(JSON.stringify(schema)).not.toMatch(/anyOf|oneOf|allOf/);
  });
});

describe('sanitizeSchema: references', () => {
  it('inlines $ref / $defs / definitions', () => {
    const { schema } = sanitize({
      type: 'object',
      $defs: {
        Point: {
          type: 'object',
          properties: { lat: { type: 'number' }, lng: { type: 'number' } },
          required: ['lat', 'lng'],
        },
      },
      definitions: { Unit: { enum: ['km', 'mi'] } },
      properties: {
        center: { $ref: '#/$defs/Point', description: 'Map center' },
        unit: { $ref: '#/definitions/Unit' },
      },
      required: ['center', 'unit'],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        center: {
          type: 'object',
          properties: { lat: { type: 'number' }, lng: { type: 'number' } },
          required: ['lat', 'lng'],
          additionalProperties: false,
          description: 'Map center',
        },
        unit: { type: 'string', enum: ['km', 'mi'] },
      },
      required: ['center', 'unit'],
      additionalProperties: false,
    });
  });

  it('cuts recursion with a JSON-encoded value and reports it', () => {
    const result = sanitize({
      type: 'object',
      $defs: {
        Node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/Node' } },
          },
        },
      },
      properties: { tree: { $ref: '#/$defs/Node' } },
      required: ['tree'],
    });
    expect(result.patches).toEqual([expect.objectContaining({ problem: 'recursive $ref #/$defs/Node' })]);
    const args = restoreArgs({ tree: { name: 'root', children: ['{"name":"leaf"}'] } }, result);
    expect(args).toEqual({ tree: { name: 'root', children: [{ name: 'leaf' }] } });
  });

  it('reports an unresolvable $ref instead of throwing', () => {
    const { patches } = sanitize({ type: 'object', properties: { x: { $ref: '#/$defs/Missing' } } });
    expect(patches[0]).toMatchObject({
      path: '#/properties/x',
      problem: 'unresolvable $ref #/$defs/Missing',
    });
  });
});

describe('sanitizeSchema: invalid and unusual schemas', () => {
  it.each([null, 'object', 42, [], undefined])(
    'reports a non-object schema (%j) and offers no parameters',
    (bad) => {
      const { schema, patches } = sanitize(bad);
      expect(schema).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: false });
      expect(patches).toEqual([
        {
          path: '#',
          problem: 'the input schema is not an object',
          fix: 'the tool is offered without parameters',
        },
      ]);
    },
  );

  it('reports wrong types of keywords without throwing', () => {
    const { patches } = sanitize({
      type: 'object',
      properties: { a: { type: 'strin' }, b: 7 },
      required: 'a',
    });
    expect(patches.map((patch) => patch.path)).toEqual([
      '#/required',
      '#/properties/a/type',
      '#/properties/a',
      '#/properties/b',
    ]);
  });

  it('reads an untyped top level as an object and `{}` as no parameters', () => {
    expect(sanitize({ properties: { q: { type: 'string' } } }).schema.properties).toEqual({
      q: { type: ['string', 'null'] },
    });
    expect(sanitize({}).schema).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    });
  });

  it('wraps a non-object top level as { value } and unwraps the arguments', () => {
    const result = sanitize({ type: 'array', items: { type: 'string' } });
    expect(result.wrapped).toBe(true);
    expect(result.schema).toEqual({
      type: 'object',
      properties: { value: { type: 'array', items: { type: 'string' } } },
      required: ['value'],
      additionalProperties: false,
    });
    expect(restoreArgs({ value: ['a'] }, result)).toEqual(['a']);
  });

  it('offers free-form objects as JSON-encoded strings', () => {
    const result = sanitize({
      type: 'object',
      properties: { params: { type: 'object' } },
      required: ['params'],
    });
    expect(result.schema.properties).toEqual({
      params: { type: 'string', description: '(a JSON-encoded object)' },
    });
    expect(restoreArgs({ params: '{"label":"Sales","value":3}' }, result)).toEqual({
      params: { label: 'Sales', value: 3 },
    });
    expect(restoreArgs({ params: { label: 'already an object' } }, result)).toEqual({
      params: { label: 'already an object' },
    });
  });

  it('keeps nesting within 10 levels', () => {
    let nested: JsonSchema = { type: 'string' };
    for (let level = 0; level < 12; level++) {
      nested = { type: 'object', properties: { child: nested }, required: ['child'] };
    }
    const { schema, patches } = sanitize(nested);
    expect(patches).toEqual([expect.objectContaining({ problem: 'nesting deeper than 10 levels' })]);
    expect(JSON.stringify(schema)).toContain('JSON-encoded object');
  });

  it('adds null to a nullable enum', () => {
    const { schema } = sanitize({
      type: 'object',
      properties: { size: { type: ['string', 'null'], enum: ['s', 'm', null] } },
      required: ['size'],
    });
    expect(schema.properties).toEqual({ size: { type: ['string', 'null'], enum: ['s', 'm', null] } });
  });
});

describe('sanitizeSchema: flattening', () => {
  const original = {
    type: 'object',
    properties: {
      center: {
        type: 'object',
        properties: {
          lat: { type: 'number' },
          lng: { type: 'number' },
          label: { type: 'object', properties: { text: { type: 'string' } } },
        },
        required: ['lat', 'lng'],
      },
      zoom: { type: 'integer' },
    },
    required: ['center'],
  };

  it('flattens nested objects into parent__child properties', () => {
    const { schema } = sanitize(original, true);
    expect(Object.keys(schema.properties as object)).toEqual([
      'center__lat',
      'center__lng',
      'center__label__text',
      'zoom',
    ]);
    expect((schema.properties as Record<string, unknown>).center__label__text).toEqual({
      type: ['string', 'null'],
    });
  });

  it('round-trips: flattened strict arguments restore to valid original arguments', () => {
    const result = sanitize(original, true);
    const restored = restoreArgs(
      { center__lat: 48.85, center__lng: 2.35, center__label__text: null, zoom: null },
      result,
    );
    expect(restored).toEqual({ center: { lat: 48.85, lng: 2.35 } });
    expect(ajv.validate(original, restored)).toBe(true);
    const full = restoreArgs(
      { center__lat: 1, center__lng: 2, center__label__text: 'Paris', zoom: 12 },
      result,
    );
    expect(full).toEqual({ center: { lat: 1, lng: 2, label: { text: 'Paris' } }, zoom: 12 });
    expect(ajv.validate(original, full)).toBe(true);
  });

  it('keeps the schema nested when flattened names would collide', () => {
    const { schema, patches } = sanitize(
      {
        type: 'object',
        properties: {
          a__b: { type: 'string' },
          a: { type: 'object', properties: { b: { type: 'string' } } },
        },
      },
      true,
    );
    expect(Object.keys(schema.properties as object)).toEqual(['a__b', 'a']);
    expect(patches).toEqual([expect.objectContaining({ problem: 'flattened property names would collide' })]);
  });
});
