import { describe, expect, it } from 'vitest';
import { declaresForms } from './parkable-call.ts';

describe('declaresForms', () => {
  it('is true for form mode or elicitation naming no mode, false for URL mode alone or none', () => {
    expect(declaresForms({ elicitation: {} })).toBe(true);
    expect(declaresForms({ elicitation: { form: {} } })).toBe(true);
    expect(declaresForms({ elicitation: { form: {}, url: {} } })).toBe(true);
    expect(declaresForms({ elicitation: { url: {} } })).toBe(false);
    expect(declaresForms({ sampling: {} })).toBe(false);
  });
});
