import { describe, expect, it } from 'vitest';
import { validateFormValues } from './form-widget-values.ts';

describe('validateFormValues', () => {
  const fields = [
    { name: 'email', type: 'email' as const, required: true },
    { name: 'age', type: 'number' as const, min: 18, max: 120 },
    { name: 'slot', type: 'select' as const, options: ['Morning', 'Afternoon'] },
    { name: 'code', pattern: '[A-Z]{3}' },
    { name: 'agree', type: 'checkbox' as const, required: true },
  ];

  it('returns converted values when everything is valid', () => {
    expect(
      validateFormValues(fields, { email: 'a@b.co', age: '30', slot: 'Morning', code: 'ABC', agree: true }),
    ).toEqual({
      ok: true,
      values: { email: 'a@b.co', age: 30, slot: 'Morning', code: 'ABC', agree: true },
    });
  });

  it('explains each invalid field', () => {
    expect(validateFormValues(fields, { email: 'nope', age: '12', slot: 'Night', code: 'abcd' })).toEqual({
      ok: false,
      errors: {
        email: 'must be an email address',
        age: 'must be at least 18',
        slot: 'must be one of the choices',
        code: 'has the wrong format',
        agree: 'must be checked',
      },
    });
  });
});

describe('validateFormValues with a group of checkboxes', () => {
  const fields = [
    {
      name: 'fish',
      type: 'checkboxes' as const,
      options: ['Tuna', 'Salmon', 'Trout'],
      minItems: 2,
      maxItems: 2,
    },
    { name: 'extras', type: 'checkboxes' as const, options: ['Lemon'], required: true },
  ];

  it('gives the ticked options in the order offered', () => {
    expect(validateFormValues(fields, { fish: ['Trout', 'Tuna'], extras: ['Lemon'] })).toEqual({
      ok: true,
      values: { fish: ['Tuna', 'Trout'], extras: ['Lemon'] },
    });
  });

  it('leaves an optional group untouched when nothing is ticked, and says how many to tick otherwise', () => {
    expect(validateFormValues(fields, { fish: [], extras: ['Lemon'] })).toEqual({
      ok: true,
      values: { fish: [], extras: ['Lemon'] },
    });
    expect(validateFormValues(fields, { fish: ['Tuna'], extras: [] })).toEqual({
      ok: false,
      errors: { fish: 'tick at least 2', extras: 'tick at least one' },
    });
    expect(
      validateFormValues(fields, { fish: ['Tuna', 'Salmon', 'Trout', 'Carp'], extras: ['Lemon'] }),
    ).toEqual({
      ok: false,
      errors: { fish: 'must be among the choices' },
    });
  });
});

describe('validateFormValues with a pattern from the form', () => {
  it('checks the whole answer against the pattern', () => {
    const fields = [{ name: 'code', pattern: '[A-Z]{3}|[0-9]{4}' }];
    expect(validateFormValues(fields, { code: 'ABC' }).ok).toBe(true);
    expect(validateFormValues(fields, { code: '1234' }).ok).toBe(true);
    expect(validateFormValues(fields, { code: 'ABC1234' })).toEqual({
      ok: false,
      errors: { code: 'has the wrong format' },
    });
  });

  it('answers at once for a pattern that backtracks exponentially in RegExp', () => {
    const fields = [{ name: 'code', pattern: '(a+)+' }];
    expect(validateFormValues(fields, { code: `${'a'.repeat(40)}!` })).toEqual({
      ok: false,
      errors: { code: 'has the wrong format' },
    });
  });

  it('leaves a pattern RE2 cannot run unchecked (the asker checks the answer)', () => {
    const fields = [{ name: 'code', pattern: '(a)\\1' }];
    expect(validateFormValues(fields, { code: 'ab' })).toEqual({ ok: true, values: { code: 'ab' } });
  });
});
