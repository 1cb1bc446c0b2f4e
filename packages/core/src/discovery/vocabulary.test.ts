import { describe, expect, it } from 'vitest';
import { Vocabulary } from './vocabulary.ts';

describe('Vocabulary', () => {
  it('knows a term while some document holds it', () => {
    const vocabulary = new Vocabulary();
    vocabulary.add(['weather', 'forecast']);
    vocabulary.add(['weather', 'alert', 'weather']);
    vocabulary.remove(['weather', 'forecast']);
    expect(vocabulary.has('weather')).toBe(true);
    expect(vocabulary.has('forecast')).toBe(false);
    vocabulary.remove(['weather', 'alert']);
    expect(vocabulary.has('weather')).toBe(false);
  });
});
