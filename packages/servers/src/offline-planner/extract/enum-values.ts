import { words } from '../message-words.ts';

/** Words that name an arithmetic operation, by the enum value they select. */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  add: ['plus', 'sum', 'added', 'addition'],
  subtract: ['minus', 'subtracted', 'less', 'difference', 'take'],
  multiply: ['times', 'multiplied', 'multiplication'],
  divide: ['divided', 'over', 'quotient', 'division'],
};

/**
 * The choice a message mentions: a value whose words appear in it (`table` in "as a table",
 * `meat-fish` in "meat fish"), or a value an operation word selects (`plus` → `add`). When several
 * are mentioned, the earliest mention wins. Undefined when none is.
 */
export function findChoice(choices: readonly unknown[], text: string): unknown {
  const messageWords = words(text);
  let best: { value: unknown; at: number } | undefined;
  for (const value of choices) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const at = positionOf(messageWords, value);
    if (at !== -1 && (best === undefined || at < best.at)) best = { value, at };
  }
  return best?.value;
}

function positionOf(messageWords: readonly string[], value: string | number): number {
  const valueWords = words(String(value).replace(/[-_]/g, ' '));
  if (valueWords.length === 0) return -1;
  const direct = phraseAt(messageWords, valueWords);
  if (direct !== -1) return direct;
  const synonyms = SYNONYMS[String(value).toLowerCase()] ?? [];
  const positions = synonyms.map((word) => messageWords.indexOf(word)).filter((at) => at !== -1);
  return positions.length > 0 ? Math.min(...positions) : -1;
}

/** Index in `haystack` where `phrase` starts (word by word, simple plurals allowed), or -1. */
function phraseAt(haystack: readonly string[], phrase: readonly string[]): number {
  for (let start = 0; start + phrase.length <= haystack.length; start++) {
    if (phrase.every((word, offset) => sameWord(haystack[start + offset] as string, word))) return start;
  }
  return -1;
}

function sameWord(left: string, right: string): boolean {
  return left === right || left === `${right}s` || `${left}s` === right;
}
