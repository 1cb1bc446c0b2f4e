import { splitWords } from './split-words.ts';

const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be by can do does for from has have how i in into is it its me my of on or that the this to was what when which will with you your'.split(
    ' ',
  ),
);

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Splits text into search terms: identifier parts (snake/camel/kebab), words, and for Chinese,
 * Japanese and Korean runs (written without spaces) their characters and character pairs.
 */
export function tokenizeForSearch(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    if (!CJK.test(word)) {
      terms.push(word);
      continue;
    }
    const chars = [...word];
    terms.push(...chars);
    for (let index = 0; index + 1 < chars.length; index++) terms.push(`${chars[index]}${chars[index + 1]}`);
  }
  return terms;
}

/**
 * Normalizes one term for indexing and querying: drops stop words and single Latin letters,
 * folds simple English plurals (`recipes` → `recipe`, `queries` → `query`).
 */
export function normalizeSearchTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  if (lower.length < 2 && !CJK.test(lower) && !/\d/.test(lower)) return null;
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.length > 3 && lower.endsWith('s') && !/(ss|us|is)$/.test(lower)) return lower.slice(0, -1);
  return lower;
}
