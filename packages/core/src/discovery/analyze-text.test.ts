import { describe, expect, it } from 'vitest';
import { isEncodedCjk, normalizeTerm, TextAnalyzer, tokenize } from './analyze-text.ts';
import { CjkGlossary } from './cjk-glossary.ts';

const glossary = new CjkGlossary(new TextEncoder().encode('火車 火车 [huo3 che1] /train/CL:列[lie4]/\n'));

describe('tokenize', () => {
  it('splits identifiers and phrases', () => {
    expect(tokenize('getWeather_forecast: next-days listMCPTools')).toEqual([
      'get',
      'Weather',
      'forecast',
      'next',
      'days',
      'list',
      'MCP',
      'Tools',
    ]);
  });

  it('adds the kind of a coded identifier, but leaves short codes whole', () => {
    expect(tokenize('NCT04280705 mp3 h264')).toEqual(['NCT04280705', 'NCT', 'mp3', 'h264']);
  });

  it('indexes CJK runs by character pairs and keeps the Latin words around them', () => {
    expect(tokenize('查询火车 tickets 票')).toEqual(['查询', '询火', '火车', '票', 'tickets']);
  });

  it('adds the English of the dictionary words of a CJK run when given a glossary', () => {
    expect(tokenize('火车 tickets', glossary)).toEqual(['火车', 'train', 'tickets']);
  });
});

describe('normalizeTerm', () => {
  it('drops stop words, numbers and lone letters', () => {
    expect(normalizeTerm('The')).toBeNull();
    expect(normalizeTerm('please')).toBeNull();
    expect(normalizeTerm('x')).toBeNull();
    expect(normalizeTerm('2024')).toBeNull();
  });

  it('stems English words and keeps other tokens', () => {
    expect(normalizeTerm('Searching')).toBe('search');
    expect(normalizeTerm('files')).toBe('file');
    expect(normalizeTerm('news')).toBe('news');
    expect(normalizeTerm('mp3')).toBe('mp3');
  });

  it('keeps apart the words Porter would merge with unrelated ones, and their families together', () => {
    const stem = (word: string) => normalizeTerm(word);
    expect(stem('general')).not.toBe(stem('generate'));
    expect(stem('generated')).toBe(stem('generate'));
    expect(stem('government')).not.toBe(stem('governance'));
    expect(stem('governments')).toBe(stem('government'));
    expect(stem('past')).not.toBe(stem('paste'));
    expect(stem('pasting')).toBe(stem('paste'));
    expect(stem('internal')).not.toBe(stem('international'));
    expect(stem('experience')).not.toBe(stem('experiment'));
    expect(stem('universities')).toBe(stem('university'));
    expect(stem('university')).not.toBe(stem('universe'));
  });

  it('encodes CJK tokens as hex code points', () => {
    expect(normalizeTerm('火车')).toBe('_0706b08f66');
    expect(isEncodedCjk('_0706b08f66')).toBe(true);
    expect(isEncodedCjk('train')).toBe(false);
  });
});

describe('TextAnalyzer', () => {
  it('turns text into terms, repeats kept', () => {
    expect(new TextAnalyzer().terms('Search the files, search_files!')).toEqual([
      'search',
      'file',
      'search',
      'file',
    ]);
  });

  it('glosses Chinese text with its glossary, or with none', () => {
    expect(new TextAnalyzer({ glossary }).terms('火车')).toEqual(['_0706b08f66', 'train']);
    expect(new TextAnalyzer({ glossary: null }).terms('火车')).toEqual(['_0706b08f66']);
  });

  it("gives every caller its own copy of a remembered text's terms", () => {
    const analyzer = new TextAnalyzer();
    const first = analyzer.terms('maximum number of results');
    first.push('changed');
    expect(analyzer.terms('maximum number of results')).toEqual(['maximum', 'number', 'result']);
  });
});
