import { tokenize } from './analyze-text.ts';

/** The shortest part of a word split in two: shorter parts would be prefixes and suffixes, not words. */
const MIN_PART = 2;
/** The shortest word worth splitting. */
const MIN_SPLIT_WORD = 6;
const LETTERS = /^[a-z]+$/;

/**
 * The catalog's terms for words a request writes together where the catalog writes them apart, or
 * apart where the catalog writes them together: "cosmosdb" for a tool about "Cosmos DB" (the two
 * words both known, the compound not), "key vault" for a tool named `keyvault` (the compound
 * known). `normalize` turns a word into its index term (null when it carries no meaning), `known`
 * says whether some indexed document holds a term. Terms the query already has are not repeated.
 */
export function compoundTerms(
  query: string,
  normalize: (word: string) => string | null,
  known: (term: string) => boolean,
): string[] {
  const words = tokenize(query)
    .map((token) => token.toLowerCase())
    .filter((word) => LETTERS.test(word));
  const own = new Set(words.map(normalize));
  const found = new Set<string>();
  const add = (term: string | null) => {
    if (term !== null && !own.has(term)) found.add(term);
  };
  for (let index = 0; index + 1 < words.length; index++) {
    const joined = normalize(words[index] + words[index + 1]);
    if (joined !== null && known(joined)) add(joined);
  }
  for (const word of words) {
    const term = normalize(word);
    if (term === null || known(term) || word.length < MIN_SPLIT_WORD) continue;
    for (const [left, right] of splitInTwo(word, normalize, known)) {
      add(left);
      add(right);
    }
  }
  return [...found];
}

/** The split of a word into two known terms with the longest shorter part, if any. */
function splitInTwo(
  word: string,
  normalize: (word: string) => string | null,
  known: (term: string) => boolean,
): Array<[string, string]> {
  let best: [string, string] | undefined;
  let bestShorter = 0;
  for (let at = MIN_PART; at <= word.length - MIN_PART; at++) {
    const shorter = Math.min(at, word.length - at);
    if (shorter <= bestShorter) continue;
    const left = normalize(word.slice(0, at));
    const right = normalize(word.slice(at));
    if (left !== null && right !== null && known(left) && known(right)) {
      best = [left, right];
      bestShorter = shorter;
    }
  }
  return best === undefined ? [] : [best];
}
