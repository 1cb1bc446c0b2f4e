import { describe, expect, it } from 'vitest';
import { summarizeParameters } from './summarize-parameters.ts';

describe('summarizeParameters', () => {
  it('summarizes type, requiredness and description', () => {
    expect(
      summarizeParameters({
        type: 'object',
        properties: {
          location: { type: 'string', description: 'City name' },
          days: { type: 'integer' },
          unit: { enum: ['c', 'f'] },
          tags: { type: 'array', items: { type: 'string' } },
          when: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        },
        required: ['location'],
      }),
    ).toEqual({
      location: 'string, required — City name',
      days: 'integer',
      unit: 'one of "c"|"f"',
      tags: 'array of string',
      when: 'string|null',
    });
  });

  it('returns an empty summary for schemas without properties', () => {
    expect(summarizeParameters({ type: 'object' })).toEqual({});
  });
});
