import { describe, expect, it } from 'vitest';
import { LoopDetector, stableStringify } from './loop-detector.ts';

describe('LoopDetector', () => {
  it('counts the same tool with the same input, whatever the key order', () => {
    const detector = new LoopDetector();
    expect(detector.record('t', { a: 1, b: [1, { c: 2, d: 3 }] })).toBe(1);
    expect(detector.record('t', { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(2);
    expect(detector.record('t', { a: 2 })).toBe(1);
    expect(detector.record('u', { a: 1, b: [1, { c: 2, d: 3 }] })).toBe(1);
  });

  it('serializes undefined as null', () => {
    expect(stableStringify(undefined)).toBe('null');
  });
});
