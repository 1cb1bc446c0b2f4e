/**
 * English function words, and the politeness and request words people wrap a task in ("please help
 * me…", "I would like you to…"): they carry no information about which tool fits.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again all also am an and any are as at be because been before being below
  between both but by can could did do does doing done down during each else etc even ever every few
  for from further had has have having he her here hers him his how however i if in into is it its
  itself just let lets like may me might more most much must my myself no nor not now of off on once
  only or other our ours out over own per please quite rather really same shall she should so some
  such than that the their theirs them themselves then there these they this those though through thus
  to too under until up upon us very via was we were what whatever when where whether which while who
  whom whose why will with within without would yet you your yours yourself
  able help kindly need needs want wants wanted wish like tell give`.split(/\s+/),
);

/** True for a lowercase word that carries no search meaning. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
