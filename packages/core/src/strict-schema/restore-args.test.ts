import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { ArgPlan } from './arg-plan.ts';
import { applyPlan, restoreArgs } from './restore-args.ts';
import { sanitizeSchema } from './sanitize-schema.ts';

const ajv = new Ajv({ strict: false });

describe('restoreArgs', () => {
  const original = {
    type: 'object',
    properties: {
      query: { type: 'string' },
      limit: { type: 'integer' },
      cursor: { type: ['string', 'null'] },
      options: {
        type: 'object',
        properties: { exact: { type: 'boolean' }, lang: { type: 'string' } },
        required: ['exact'],
      },
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: { id: { type: 'string' }, note: { type: 'string' } },
          required: ['id'],
        },
      },
    },
    required: ['query'],
  };
  const sanitized = sanitizeSchema(original);

  it('turns strict-mode nulls of optional properties back into absent ones, at every depth', () => {
    const strictArgs = {
      query: 'paris',
      limit: null,
      cursor: null,
      options: { exact: true, lang: null },
      items: [{ id: 'a', note: null }],
    };
    const restored = restoreArgs(strictArgs, sanitized);
    expect(restored).toEqual({
      query: 'paris',
      cursor: null,
      options: { exact: true },
      items: [{ id: 'a' }],
    });
    expect(ajv.validate(original, restored)).toBe(true);
    expect(ajv.validate(original, strictArgs)).toBe(false);
  });

  it('keeps a null the original schema accepts', () => {
    expect(restoreArgs({ query: 'x', cursor: null }, sanitized)).toEqual({ query: 'x', cursor: null });
  });

  it('keeps a null for a required property (validation reports it)', () => {
    expect(restoreArgs({ query: null }, sanitized)).toEqual({ query: null });
  });

  it('returns non-object input unchanged and never mutates its input', () => {
    expect(restoreArgs('oops', sanitized)).toBe('oops');
    expect(restoreArgs(null, sanitized)).toBeNull();
    const input = { query: 'x', limit: null };
    restoreArgs(input, sanitized);
    expect(input).toEqual({ query: 'x', limit: null });
  });

  it('passes unknown properties through (validation rejects them)', () => {
    expect(restoreArgs({ query: 'x', extra: 1 }, sanitized)).toEqual({ query: 'x', extra: 1 });
  });
});

describe('applyPlan', () => {
  it('decodes JSON-encoded objects and arrays only', () => {
    const plan: ArgPlan = { kind: 'json' };
    expect(applyPlan('{"a":1}', plan)).toEqual({ a: 1 });
    expect(applyPlan(' [1,2] ', plan)).toEqual([1, 2]);
    expect(applyPlan('42', plan)).toBe('42');
    expect(applyPlan('{broken', plan)).toBe('{broken');
    expect(applyPlan(7, plan)).toBe(7);
  });
});
