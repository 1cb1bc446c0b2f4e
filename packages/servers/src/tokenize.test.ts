import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize.ts';

describe('tokenize', () => {
  it('gives singular lowercase words', () => {
    expect(tokenize('Strawberries & Tomatoes, eggs; glass 2L')).toEqual([
      'strawberry',
      'tomato',
      'egg',
      'glass',
      '2l',
    ]);
  });
});
