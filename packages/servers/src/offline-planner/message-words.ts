/** Words that carry no request of their own: articles, pronouns, politeness, auxiliaries. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an and are as at be been being by can could did do does for from had has have how i i'd i'm in into is " +
    "it its it's me my of on or our please so some than that the their them then there these this those to " +
    "us was we were what what's which who whose why will with would you your tell let lets let's want need " +
    'like just also any'
  ).split(' '),
);

/** Command verbs and fillers that say what to do, not what about (dropped from free-text arguments). */
const COMMAND_WORDS: ReadonlySet<string> = new Set(
  'search find look up show list display get give fetch see browse lookup query me products product items item'.split(
    ' ',
  ),
);

/** Lower-cased words of a text (letters, digits, apostrophes and inner hyphens kept together). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** The words of a text that are not stop words, in order, without repeats. */
export function contentWords(text: string): string[] {
  return unique(words(text).filter((word) => !STOP_WORDS.has(word)));
}

/** The words of a text that name its subject: content words minus command verbs. */
export function subjectWords(text: string): string[] {
  return contentWords(text).filter((word) => !COMMAND_WORDS.has(word));
}

/** `values` without repeats, first occurrence kept. */
export function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
