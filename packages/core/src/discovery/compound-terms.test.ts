import { describe, expect, it } from 'vitest';
import { TextAnalyzer } from './analyze-text.ts';
import { compoundTerms } from './compound-terms.ts';

const analyzer = new TextAnalyzer({ glossary: null });
const normalize = (word: string) => analyzer.normalize(word);
const catalog = (...texts: string[]) => {
  const terms = new Set(texts.flatMap((text) => analyzer.terms(text)));
  return (term: string) => terms.has(term);
};

describe('compoundTerms', () => {
  it('splits a word the catalog only knows as two words', () => {
    const known = catalog('Cosmos DB operations', 'list databases');
    expect(compoundTerms('show my cosmosdb accounts', normalize, known).sort()).toEqual(
      [normalize('cosmos'), normalize('db')].sort(),
    );
  });

  it('joins two words the catalog knows as one', () => {
    const known = catalog('keyvault secrets', 'key value store');
    expect(compoundTerms('list the secrets in my key vault', normalize, known)).toEqual([
      normalize('keyvault'),
    ]);
  });

  it('adds nothing for words the catalog knows as written', () => {
    const known = catalog('weather forecast', 'cosmos db');
    expect(compoundTerms('weather forecast for cosmos db', normalize, known)).toEqual([]);
  });

  it('leaves an unknown word whole when no split gives two known words', () => {
    const known = catalog('shop online');
    expect(compoundTerms('check fakeshoponline', normalize, known)).toEqual([]);
  });
});
