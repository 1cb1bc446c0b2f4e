import { describe, expect, it } from 'vitest';
import { flattenSchema } from './flatten-schema.ts';

describe('flattenSchema', () => {
  it('hoists nested object properties and records their paths', () => {
    const result = flattenSchema({
      type: 'object',
      properties: {
        center: {
          type: ['object', 'null'],
          properties: { lat: { type: 'number' }, unit: { type: 'string', enum: ['deg'] } },
          required: ['lat', 'unit'],
          additionalProperties: false,
        },
        empty: { type: 'object', properties: {}, required: [], additionalProperties: false },
        zoom: { type: 'integer' },
      },
      required: ['center', 'empty', 'zoom'],
      additionalProperties: false,
    });
    expect(result?.schema).toEqual({
      type: 'object',
      properties: {
        center__lat: { type: ['number', 'null'] },
        center__unit: { type: ['string', 'null'], enum: ['deg', null] },
        empty: { type: 'object', properties: {}, required: [], additionalProperties: false },
        zoom: { type: 'integer' },
      },
      required: ['center__lat', 'center__unit', 'empty', 'zoom'],
      additionalProperties: false,
    });
    expect([...(result?.paths ?? [])]).toEqual([
      ['center__lat', ['center', 'lat']],
      ['center__unit', ['center', 'unit']],
    ]);
  });

  it('returns undefined on a name collision', () => {
    expect(
      flattenSchema({
        type: 'object',
        properties: {
          a__b: { type: 'string' },
          a: { type: 'object', properties: { b: { type: 'string' } } },
        },
      }),
    ).toBeUndefined();
  });
});
