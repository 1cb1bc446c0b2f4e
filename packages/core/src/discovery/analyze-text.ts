import { stemmer } from 'stemmer';
import { isStopWord } from './stop-words.ts';

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;
const HAS_UPPER = /\p{Lu}/u;
const LOWER_OR_DIGIT_THEN_UPPER = /([\p{Ll}\p{N}])(\p{Lu})/gu;
const ACRONYM_THEN_WORD = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
const DIGITS = /^\d+$/;
const LATIN_LETTERS = /^[a-z]+$/;

/** Words Porter's algorithm would merge with a different word (`news` → `new`). */
const STEM_EXCEPTIONS: ReadonlyMap<string, string> = new Map([['news', 'news']]);

/**
 * Splits text into raw search tokens: identifier parts (snake_case, kebab-case, camelCase,
 * PascalCase and acronyms: `listMCPTools` → list, mcp, tools), words, and — for Chinese, Japanese
 * and Korean runs, written without spaces — overlapping character pairs (a lone character stays
 * a token). Tokens keep their case; {@link normalizeTerm} folds it.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const latin = CJK_CHAR.test(text) ? text.replace(CJK_RUN, (run) => pushCjk(run, tokens)) : text;
  const spaced = HAS_UPPER.test(latin)
    ? latin.replace(LOWER_OR_DIGIT_THEN_UPPER, '$1 $2').replace(ACRONYM_THEN_WORD, '$1 $2')
    : latin;
  for (const word of spaced.split(WORD_SEPARATOR)) if (word !== '') tokens.push(word);
  return tokens;
}

/** Pushes a CJK run's character bigrams (or the lone character) and returns a separator. */
function pushCjk(run: string, tokens: string[]): string {
  const chars = [...run];
  if (chars.length === 1) tokens.push(run);
  for (let index = 0; index + 1 < chars.length; index++) tokens.push(`${chars[index]}${chars[index + 1]}`);
  return ' ';
}

/**
 * Normalizes one token for indexing and querying alike: lowercase, drops stop words, numbers and
 * single Latin letters, and reduces English words to their Porter stem (`searching` → `search`,
 * `files` → `file`). CJK tokens are kept as they are.
 */
export function normalizeTerm(token: string): string | null {
  const lower = token.toLowerCase();
  if (lower.length < 2 || DIGITS.test(lower) || isStopWord(lower)) return null;
  if (!LATIN_LETTERS.test(lower)) return lower;
  return STEM_EXCEPTIONS.get(lower) ?? stemmer(lower);
}

/** The normalized terms of a text, in order (repeats kept). */
export function analyzeText(text: string): string[] {
  const terms: string[] = [];
  for (const token of tokenize(text)) {
    const term = normalizeTerm(token);
    if (term !== null) terms.push(term);
  }
  return terms;
}
