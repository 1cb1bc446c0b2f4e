const WORD_NUMBERS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
};

/** Arithmetic symbols between two numbers, spelled out so they read like words (`5+3` → `5 plus 3`). */
export function spellOutOperators(text: string): string {
  return text
    .replace(/(\d)\s*\+\s*(?=-?\d)/g, '$1 plus ')
    .replace(/(\d)\s*[*×x]\s*(?=-?\d)/g, '$1 times ')
    .replace(/(\d)\s*[/÷]\s*(?=-?\d)/g, '$1 divided by ')
    .replace(/(\d)\s*[-−]\s*(?=\d)/g, '$1 minus ');
}

/**
 * The numbers of a message in the order they are meant: digits (`5`, `-2.5`, `1,000`) and the words
 * zero to twenty, skipping ordinals (`1st`), product codes (`DAI-001`) and dates. "subtract 3 from 5"
 * and "divide 3 into 12" give the operands in operation order (5, 3 and 12, 3).
 */
export function readNumbers(text: string): number[] {
  const clean = spellOutOperators(
    text.replace(/\b\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?\b/g, ' ').replace(/\b[A-Za-z]+-\d+\b/g, ' '),
  );
  const found: Array<{ value: number; at: number }> = [];
  for (const match of clean.matchAll(
    /(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.])-?\d+(?:\.\d+)?(?![\w])/g,
  )) {
    found.push({ value: Number(match[0].replaceAll(',', '')), at: match.index });
  }
  for (const match of clean.toLowerCase().matchAll(/\b[a-z]+\b/g)) {
    const value = WORD_NUMBERS[match[0]];
    if (value !== undefined && !isPronounOne(clean, match[0], match.index))
      found.push({ value, at: match.index });
  }
  const numbers = found.sort((left, right) => left.at - right.at).map((entry) => entry.value);
  const reversed = /\b(?:subtract|take)\b[^.?!]*?\bfrom\b|\bdivide\b[^.?!]*?\binto\b/i.test(clean);
  return reversed && numbers.length === 2 ? [numbers[1] as number, numbers[0] as number] : numbers;
}

/** "the first one", "that one": `one` as a pronoun, not a number. */
function isPronounOne(text: string, word: string, at: number): boolean {
  if (word !== 'one') return false;
  const before = text.slice(0, at).toLowerCase();
  return /\b(?:the|this|that|first|second|third|last|next|other|which|each|every|any|no|some|another|[a-z]+(?:st|nd|rd|th))\s+$/.test(
    before,
  );
}

/**
 * A number the message ties to a count-like word: "top 5", "first 3", "5 results", "limit 20", and for
 * quantities "add 2 …", "3 x …", "2 units of …", "quantity 4".
 */
export function readCount(text: string, kind: 'limit' | 'quantity'): number | undefined {
  const lower = text.toLowerCase();
  const patterns =
    kind === 'limit'
      ? [
          /\b(?:top|first|limit|max(?:imum)?)\s+(\d+)\b/,
          /\b(\d+)\s+(?:results|rows|items|largest|biggest|smallest)\b/,
        ]
      : [
          /\b(?:add|buy|put|order|get)\s+(\d+)\b/,
          /\b(\d+)\s*(?:x|×|units?|pieces?|packs?|bottles?|of)\b/,
          /\b(?:quantity|qty)\s*(?:of\s+)?(\d+)\b/,
        ];
  for (const pattern of patterns) {
    const match = pattern.exec(lower);
    if (match?.[1] !== undefined) return Number(match[1]);
  }
  return undefined;
}
