/**
 * Whether `word` occurs in `text` starting at a word boundary (with `whole`, also ending at one),
 * where boundaries are read as `\b` reads them: ASCII letters, digits and `_` are word characters.
 * Use it instead of building `new RegExp(`\\b${word}`)` from a name or a message: no pattern is
 * made from the input, and the search is a plain `indexOf` scan.
 */
export function containsWord(
  text: string,
  word: string,
  { whole = false }: { whole?: boolean } = {},
): boolean {
  if (word === '') return false;
  const startsWord = isWordCharacter(word[0]);
  const endsWord = isWordCharacter(word[word.length - 1]);
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const end = at + word.length;
    if (isWordCharacter(text[at - 1]) === startsWord) continue;
    if (whole && isWordCharacter(text[end]) === endsWord) continue;
    return true;
  }
  return false;
}

function isWordCharacter(character: string | undefined): boolean {
  if (character === undefined) return false;
  const code = character.charCodeAt(0);
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
  );
}
