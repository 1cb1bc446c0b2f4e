import { stemmer } from 'stemmer';
import type { CjkGlossary } from './cjk-glossary.ts';
import { cedictGlossary } from './load-cedict.ts';
import { isStopWord } from './stop-words.ts';

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;
const HAS_UPPER = /\p{Lu}/u;
const LOWER_OR_DIGIT_THEN_UPPER = /([\p{Ll}\p{N}])(\p{Lu})/gu;
const ACRONYM_THEN_WORD = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
const DIGITS = /^\d+$/;
/** A letter prefix followed by a long number: an identifier whose prefix names its kind (`NCT04280705`). */
const CODED_IDENTIFIER = /^(\p{L}{2,})\d{3,}$/u;
const LATIN_LETTERS = /^[a-z]+$/;

/**
 * Words Porter's algorithm merges with unrelated words (its best-known over-stemming: `news` and
 * `new`, `general` and `generate`, `past` and `paste`, `internal` and `international`), given stems
 * of their own. The other words of each family keep Porter's stem.
 */
const STEM_EXCEPTIONS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    news: ['news'],
    general: ['general', 'generally'],
    generic: ['generic', 'generics'],
    government: ['government', 'governments', 'governmental'],
    governance: ['governance'],
    university: ['university', 'universities'],
    universe: ['universe', 'universes'],
    universal: ['universal', 'universally'],
    past: ['past'],
    paste: ['paste', 'pasted', 'pastes', 'pasting'],
    experience: ['experience', 'experiences', 'experienced'],
    experiment: ['experiment', 'experiments', 'experimented', 'experimenting'],
    community: ['community', 'communities'],
    internal: ['internal', 'internally'],
    international: ['international', 'internationally'],
    animal: ['animal', 'animals'],
  }).flatMap(([stem, words]) => words.map((word) => [word, stem] as const)),
);

/** Past this many remembered tokens (or texts) the analyzer starts over (bounds memory on endless input). */
const MAX_REMEMBERED = 200_000;
/** Texts up to this long have their terms remembered: names and phrases that catalogs repeat. */
const MAX_REMEMBERED_TEXT = 120;

/**
 * Splits text into raw search tokens: identifier parts (snake_case, kebab-case, camelCase,
 * PascalCase and acronyms: `listMCPTools` → list, MCP, Tools), words, the kind of a coded identifier
 * besides the identifier itself (`NCT04280705` → NCT04280705, NCT), and — for Chinese, Japanese and
 * Korean runs, written without spaces — overlapping character pairs (a lone character stays a
 * token) plus, when a glossary is given, the English words of the run's dictionary words
 * (`搜索卡牌` → search, playing, card). Tokens keep their case; {@link normalizeTerm} folds it.
 */
export function tokenize(text: string, glossary?: CjkGlossary): string[] {
  const tokens: string[] = [];
  const latin = CJK_CHAR.test(text)
    ? text.replace(CJK_RUN, (run) => `${pushCjk(run, tokens)}${glossary?.gloss(run) ?? ''} `)
    : text;
  const spaced = HAS_UPPER.test(latin)
    ? latin.replace(LOWER_OR_DIGIT_THEN_UPPER, '$1 $2').replace(ACRONYM_THEN_WORD, '$1 $2')
    : latin;
  for (const word of spaced.split(WORD_SEPARATOR)) {
    if (word === '') continue;
    tokens.push(word);
    const code = CODED_IDENTIFIER.exec(word);
    if (code !== null) tokens.push(code[1]);
  }
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
 * `files` → `file`). CJK tokens become `_` and the hex code points of their characters (see
 * {@link isEncodedCjk}); other tokens are kept lowercase.
 */
export function normalizeTerm(token: string): string | null {
  if (CJK_CHAR.test(token)) return encodeCjk(token);
  const lower = token.toLowerCase();
  if (lower.length < 2 || DIGITS.test(lower) || isStopWord(lower)) return null;
  if (!LATIN_LETTERS.test(lower)) return lower;
  return STEM_EXCEPTIONS.get(lower) ?? stemmer(lower);
}

/**
 * CJK terms are stored as hex code points: a search library's prefix tree branches 16 ways on
 * them instead of thousands of ways on the characters themselves, which keeps indexing fast.
 */
function encodeCjk(token: string): string {
  let encoded = '_';
  for (const char of token) encoded += (char.codePointAt(0) ?? 0).toString(16).padStart(5, '0');
  return encoded;
}

/** True for a term {@link normalizeTerm} encoded from CJK text (never matched by prefix or fuzzily). */
export function isEncodedCjk(term: string): boolean {
  return term.startsWith('_');
}

/**
 * Turns text into search terms ({@link tokenize} then {@link normalizeTerm}), remembering the
 * normalization of every token it has seen: catalogs repeat the same words thousands of times.
 * Chinese text is glossed in English with the given glossary — by default the general
 * Chinese–English dictionary where one can be read (see {@link cedictGlossary}), loaded the first
 * time Chinese text is seen. One analyzer per index; no mutable state is shared between indexes.
 */
export class TextAnalyzer {
  readonly #normalized = new Map<string, string | null>();
  readonly #texts = new Map<string, readonly string[]>();
  readonly #glossary: () => CjkGlossary | undefined;

  constructor(options: { glossary?: CjkGlossary | null } = {}) {
    const { glossary } = options;
    this.#glossary = glossary === undefined ? cedictGlossary : () => glossary ?? undefined;
  }

  /** The normalized form of one token (null when it carries no meaning). */
  normalize(token: string): string | null {
    let term = this.#normalized.get(token);
    if (term === undefined) {
      term = normalizeTerm(token);
      if (this.#normalized.size >= MAX_REMEMBERED) this.#normalized.clear();
      this.#normalized.set(token, term);
    }
    return term;
  }

  /** The terms of a text, in order, repeats kept. Short texts (names, phrases) are remembered. */
  terms(text: string): string[] {
    const remembered = text.length <= MAX_REMEMBERED_TEXT ? this.#texts.get(text) : undefined;
    if (remembered !== undefined) return [...remembered];
    const terms: string[] = [];
    for (const token of tokenize(text, CJK_CHAR.test(text) ? this.#glossary() : undefined)) {
      const term = this.normalize(token);
      if (term !== null) terms.push(term);
    }
    if (text.length <= MAX_REMEMBERED_TEXT) {
      if (this.#texts.size >= MAX_REMEMBERED) this.#texts.clear();
      this.#texts.set(text, terms);
      return [...terms];
    }
    return terms;
  }
}
