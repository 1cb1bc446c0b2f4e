/**
 * A deterministic stand-in for the model writing search_tools queries: it splits a request into
 * capability phrases — one per sentence, list item or chained step ("…, then …", "… and also …") —
 * and keeps those with at least two content words. In real use the model writes the queries (the
 * search_tools description teaches short keyword queries, one per needed capability); this splitter
 * measures what one query per capability does without a model in the loop.
 */

/** Ends of a sentence, line or list item. */
const SENTENCE = /(?<=[.!?;:])\s+|\n+|\s[•·▪]\s|^\s*[-*•]\s+/gmu;
/** Where a sentence chains a further step. */
const STEP = /,\s*(?:and\s+)?then\s+|\s+and\s+then\s+|\s+then\s+|,\s*and\s+also\s+|\s+and\s+also\s+|;\s*/giu;
/** Words that carry no capability; a phrase needs two other words. */
const FILLER =
  /^(?:a|an|the|i|me|my|we|our|you|your|it|its|is|are|be|to|of|for|in|on|at|and|or|but|so|that|this|these|those|with|from|by|as|if|can|could|would|should|will|please|just|also|really|some|any|all|need|want|like|help|hey|hi|thanks|do|does|did|have|has|get|let|know|what|which|how)$/iu;
/** At most this many phrases: a model asks for the few capabilities a request needs. */
const MAX_PHRASES = 8;

/** The capability phrases of a request, in order; the whole request when it has none. */
export function splitRequest(request: string): string[] {
  const phrases: string[] = [];
  for (const sentence of request.split(SENTENCE)) {
    for (const part of (sentence ?? '').split(STEP)) {
      const phrase = (part ?? '').trim();
      const words = phrase.split(/[^\p{L}\p{N}_-]+/u).filter((word) => word !== '' && !FILLER.test(word));
      if (words.length >= 2 && !phrases.includes(phrase)) phrases.push(phrase);
    }
  }
  return phrases.length === 0 ? [request] : phrases.slice(0, MAX_PHRASES);
}
