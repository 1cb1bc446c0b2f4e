import { describe, expect, it } from 'vitest';
import { compileLinearPattern } from './linear-pattern.ts';

describe('compileLinearPattern', () => {
  it('tests anywhere in the text, or the whole of it', () => {
    const digits = compileLinearPattern('\\d{3}');
    expect(digits.test('abc 123 def')).toBe(true);
    expect(digits.testWhole('abc 123 def')).toBe(false);
    expect(digits.testWhole('123')).toBe(true);
  });

  it('reads ECMAScript syntax: named groups and \\u escapes', () => {
    expect(compileLinearPattern('^(?<word>\\w+)$').testWhole('hello')).toBe(true);
    expect(compileLinearPattern('^\\u0041+$').testWhole('AAA')).toBe(true);
  });

  it('answers a pattern that backtracks exponentially in RegExp', () => {
    expect(compileLinearPattern('^(a+)+$').test(`${'a'.repeat(40)}!`)).toBe(false);
    expect(compileLinearPattern('^(a+)+$').test('a'.repeat(40))).toBe(true);
  });

  it('refuses backreferences and lookaround with an error that quotes the pattern', () => {
    expect(() => compileLinearPattern('(a)\\1')).toThrow(/"\(a\)\\\\1" cannot be matched in linear time/);
    expect(() => compileLinearPattern('(?=a)b')).toThrow(/cannot be matched in linear time/);
  });
});
