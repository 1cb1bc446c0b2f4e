import { describe, expect, it } from 'vitest';
import { impliedWords } from './implied-words.ts';

describe('impliedWords', () => {
  it('reads a file path as the word "file"', () => {
    expect(impliedWords('Save it as Markdown to /root/notes/report.md.')).toEqual(['file']);
    expect(impliedWords('open ./data/a.csv')).toEqual(['file']);
    expect(impliedWords('open docs/readme.md please')).toEqual(['file']);
    expect(impliedWords('convert C:\\data\\sales.xlsx')).toEqual(['file']);
  });

  it('implies nothing for URLs, domains, fractions or plain text', () => {
    expect(impliedWords('see https://example.com/a/b.html')).toEqual([]);
    expect(impliedWords('prices at amazon.com')).toEqual([]);
    expect(impliedWords('9.5g of gold, and/or silver.')).toEqual([]);
  });
});
