import { describe, expect, it } from 'vitest';
import { displayNumber, formatValue } from './format-value.ts';

describe('formatValue', () => {
  it.each([
    [1234567.5, 'number', '1,234,567.5'],
    [3.5, 'currency', '€3.50'],
    [0.256, 'percent', '25.6%'],
    ['2025-03-01', 'date', 'Mar 1, 2025'],
    [null, 'number', ''],
    ['n/a', 'number', 'n/a'],
    [{ a: 1 }, 'text', '{"a":1}'],
  ] as const)('formats %j as %s', (value, format, expected) => {
    expect(formatValue(value, format, { locale: 'en-US' })).toBe(expected);
  });

  it('never throws on a bad currency code', () => {
    expect(formatValue(3, 'currency', { currency: 'nope', locale: 'en-US' })).toBe('3');
  });

  it('groups numbers for stats and keeps text', () => {
    expect(displayNumber(41284, 'en-US')).toBe('41,284');
    expect(displayNumber('3.2%')).toBe('3.2%');
  });
});
