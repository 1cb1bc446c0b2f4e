import { describe, expect, it } from 'vitest';
import { matchesGlob } from './match-glob.ts';

describe('matchesGlob', () => {
  it('matches a name exactly when there is no star, ignoring case', () => {
    expect(matchesGlob('shop:checkout', 'shop:checkout')).toBe(true);
    expect(matchesGlob('Shop:Checkout', 'shop:CHECKOUT')).toBe(true);
    expect(matchesGlob('shop:checkout', 'shop:checkout2')).toBe(false);
    expect(matchesGlob('shop:checkout', 'my-shop:checkout')).toBe(false);
  });

  it('lets a star stand for any run of characters, none included', () => {
    expect(matchesGlob('*', '')).toBe(true);
    expect(matchesGlob('*', 'anything:at_all')).toBe(true);
    expect(matchesGlob('shop:*', 'shop:')).toBe(true);
    expect(matchesGlob('shop:*', 'shop:get_cart')).toBe(true);
    expect(matchesGlob('shop:*', 'shopping:get_cart')).toBe(false);
    expect(matchesGlob('*:delete_*', 'files:delete_file')).toBe(true);
    expect(matchesGlob('*:delete_*', 'files:undelete_file')).toBe(false);
    expect(matchesGlob('a*b*c', 'abc')).toBe(true);
    expect(matchesGlob('a*b*c', 'axbxcxc')).toBe(true);
    expect(matchesGlob('a*b*c', 'axbxcx')).toBe(false);
  });

  it('does not let a prefix and a suffix share characters', () => {
    expect(matchesGlob('ab*ba', 'aba')).toBe(false);
    expect(matchesGlob('ab*ba', 'abba')).toBe(true);
    expect(matchesGlob('a*x*a', 'axa')).toBe(true);
    expect(matchesGlob('a*xa*a', 'axa')).toBe(false);
  });

  it('takes every other character literally, regular expression syntax included', () => {
    expect(matchesGlob('files:read.file', 'files:read.file')).toBe(true);
    expect(matchesGlob('files:read.file', 'files:readXfile')).toBe(false);
    expect(matchesGlob('s:(a+)+$', 's:(a+)+$')).toBe(true);
    expect(matchesGlob('s:[ab]', 's:a')).toBe(false);
  });

  it('answers a glob of many stars that never matches', () => {
    expect(matchesGlob(`${'*'.repeat(200)}X`, 'a'.repeat(64))).toBe(false);
    expect(matchesGlob(`${'*a'.repeat(100)}X`, 'a'.repeat(64))).toBe(false);
  });
});
