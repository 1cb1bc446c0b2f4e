import { describe, expect, it } from 'vitest';
import { CjkGlossary } from './cjk-glossary.ts';
import { cedictGlossary } from './load-cedict.ts';

const DICTIONARY = [
  '# a comment line',
  '搜索 搜索 [sou1 suo3] /to search/to look for/to scour/',
  '卡 卡 [ka3] /CL:張|张[zhang1]/card/',
  '卡牌 卡牌 [ka3 pai2] /playing card/',
  '數據 数据 [shu4 ju4] /data (computing)/numbers/',
  '',
].join('\n');

const glossary = () => new CjkGlossary(new TextEncoder().encode(DICTIONARY));

describe('CjkGlossary', () => {
  it('segments a run into the longest dictionary words and glosses their first senses', () => {
    expect(glossary().gloss('搜索卡牌')).toBe('to search to look for playing card');
  });

  it('skips senses that point elsewhere, and characters it does not know', () => {
    expect(glossary().gloss('卡？搜')).toBe('card');
  });

  it('knows words by their traditional and simplified headwords, without parenthesized notes', () => {
    expect(glossary().gloss('数据')).toBe(glossary().gloss('數據'));
    expect(glossary().gloss('数据')).toBe('data   numbers');
  });
});

describe('cedictGlossary', () => {
  it('reads the general Chinese–English dictionary in Node, once', () => {
    const shared = cedictGlossary();
    expect(shared?.gloss('获取天气预报')).toMatch(/get.*weather forecast/);
    expect(cedictGlossary()).toBe(shared);
  });
});
