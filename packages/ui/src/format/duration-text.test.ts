import { describe, expect, it } from 'vitest';
import { durationText } from './duration-text.ts';

describe('durationText', () => {
  it('says how long calls took, only when every time is known', () => {
    expect(durationText([{ elapsedMs: 300 }, { elapsedMs: 540 }])).toBe('840 ms');
    expect(durationText([{ elapsedMs: 2300 }])).toBe('2.3 s');
    expect(durationText([{ elapsedMs: 300 }, {}])).toBe('');
  });
});
