import { contentWords } from './message-words.ts';

/**
 * Words the country-question templates understand (besides stop words and names): what they rank
 * or list by, the places and ways they show it. A question with another word in it ("population",
 * "gdp", "richest") asks for something no template answers.
 */
const TEMPLATE_WORDS: ReadonlySet<string> = new Set(
  (
    'show list display give find get see name names all countries country nations nation territories ' +
    'largest biggest smallest tiniest big bigger biggest large larger small smaller top first limit max ' +
    'maximum area size sizes km km² square kilometres kilometers ranked rank sorted ordered order results ' +
    'rows items number many count most land neighbours neighbors neighbour neighbor neighbouring neighboring ' +
    'borders border bordering share shares within across map where located location compare comparison ' +
    'versus vs landlocked profile facts info information capital capitals city language languages spoken ' +
    'speak speaks currency currencies used world earth planet region regions continent exist side table chart ' +
    'bar about describe overview details detail official'
  ).split(' '),
);

/** What the templates answer, for a reply that says what to ask instead. */
export const TEMPLATES_SUMMARY =
  'the largest or smallest countries by area (in a region, on a map), the countries with the most neighbours, how many countries there are (in a region, landlocked), the countries of a region (on a map), the neighbours of a country, a comparison of countries (area, capital, region, languages, currencies, neighbours) and a country profile';

/**
 * The words of a country question that no template covers: lower-case words that are neither stop
 * words, nor template words, nor part of a name (names are capitalised: "South America", "GDP" is
 * read as one). Empty when a template covers the whole question.
 */
export function uncoveredWords(text: string): string[] {
  const content = new Set(contentWords(text));
  const tokens = text.match(/[\p{L}\p{N}²]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
  return tokens.filter((token) => {
    const word = token.toLowerCase();
    if (!content.has(word) || TEMPLATE_WORDS.has(word) || /^\d+$/.test(word)) return false;
    return !/^\p{Lu}/u.test(token);
  });
}

/** The reply to a question about countries that no template answers: what is not covered, and what is. */
export function templatesReply(text: string, uncovered: readonly string[]): string {
  const gap =
    uncovered.length > 0
      ? `my question templates for the countries database do not cover ${uncovered.map((word) => `"${word}"`).join(', ')}`
      : 'none of my question templates for the countries database fits it';
  return [
    `I did not run a query for "${text.trim()}": ${gap}, and I do not write SQL of my own.`,
    `They answer ${TEMPLATES_SUMMARY}. For example: "largest countries in Africa by area", "compare France and Germany" or "countries in South America on a map".`,
  ].join(' ');
}
