import { describe, expect, it } from 'vitest';
import { ENGLISH_STOP_WORDS, isStopWord } from './stop-words.ts';

describe('stop words', () => {
  it('drops function words and request words, keeps content words', () => {
    for (const word of ['the', 'of', 'you', 'please', 'help', 'want']) expect(isStopWord(word)).toBe(true);
    for (const word of ['weather', 'find', 'file', 'show']) expect(isStopWord(word)).toBe(false);
  });

  it('keeps request words out of the plain English list', () => {
    expect(ENGLISH_STOP_WORDS.has('the')).toBe(true);
    expect(ENGLISH_STOP_WORDS.has('please')).toBe(false);
  });
});
