/**
 * English function words: articles, pronouns, auxiliaries, prepositions, conjunctions. Any English
 * search drops them; the plain BM25 baseline of bench:retrieval uses this list alone.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again all also am an and any are as at be because been before being below
  between both but by can could did do does doing done down during each else etc even ever every few
  for from further had has have having he her here hers him his how however i if in into is it its
  itself just like may me might more most much must my myself no nor not now of off on once only or
  other our ours out over own per quite rather really same shall she should so some such than that the
  their theirs them themselves then there these they this those though through thus to too under until
  up upon us very via was we were what whatever when where whether which while who whom whose why will
  with within without would yet you your yours yourself`.split(/\s+/),
);

/** The politeness and request words people wrap a task in ("please help me…", "I want you to…"). */
const REQUEST_WORDS: ReadonlySet<string> = new Set(
  'able give help kindly let lets need needs please tell want wanted wants wish'.split(' '),
);

/** True for a lowercase word that carries no information about which tool fits. */
export function isStopWord(word: string): boolean {
  return ENGLISH_STOP_WORDS.has(word) || REQUEST_WORDS.has(word);
}
