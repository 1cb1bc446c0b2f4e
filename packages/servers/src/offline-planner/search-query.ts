import { readCountryQuestion } from './country-question.ts';
import { spellOutOperators } from './extract/numbers.ts';
import { contentWords, unique } from './message-words.ts';

/** Extra search words for requests whose own words rarely name the tool. */
const INTENTS: ReadonlyArray<{ test: (text: string) => boolean; words: string[] }> = [
  {
    test: (text) =>
      /\b(?:plus|minus|times|divided|multiplied|multiply|subtract|sum|calculate|compute)\b/i.test(text),
    words: ['calculate', 'arithmetic'],
  },
  {
    test: (text) => /\b(?:store|save|remember|set|put)\b.*\b(?:under|as|key|to|in)\b/i.test(text),
    words: ['store', 'value', 'key'],
  },
  {
    test: (text) => /\bstored\b|\b(?:get|read|retrieve)\b.*\bkey\b/i.test(text),
    words: ['read', 'stored', 'value', 'key'],
  },
  { test: (text) => readCountryQuestion(text) !== undefined, words: ['countries', 'sql', 'database'] },
];

/**
 * The keywords to search tools with: the message's content words, plus words for recognized kinds of
 * request ("5 plus 3" → calculate, arithmetic; a country question → countries, sql).
 */
export function buildSearchQuery(text: string): string {
  const spelled = spellOutOperators(text);
  const extra = INTENTS.filter((intent) => intent.test(spelled)).flatMap((intent) => intent.words);
  return unique([...contentWords(spelled), ...extra]).join(' ');
}
