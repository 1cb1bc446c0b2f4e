import { describe, expect, it } from 'vitest';
import { splitWords } from './split-words.ts';

describe('splitWords', () => {
  it('splits snake, kebab, camel and Pascal case', () => {
    expect(splitWords('get_weather-data')).toEqual(['get', 'weather', 'data']);
    expect(splitWords('getRecipeDetails')).toEqual(['get', 'recipe', 'details']);
    expect(splitWords('BrowseSkills')).toEqual(['browse', 'skills']);
  });

  it('keeps acronyms together', () => {
    expect(splitWords('listMCPTools')).toEqual(['list', 'mcp', 'tools']);
    expect(splitWords('parseHTML5Doc')).toEqual(['parse', 'html5', 'doc']);
  });

  it('splits phrases and drops punctuation', () => {
    expect(splitWords('Search the web, fast!')).toEqual(['search', 'the', 'web', 'fast']);
  });
});
