/**
 * The longest tool description sent to a model: OpenAI's Chat Completions refuses function
 * descriptions over 1,024 characters (`string_above_max_length`), the strictest published limit of
 * the vendors we support (Anthropic publishes none).
 */
export const MAX_TOOL_DESCRIPTION = 1024;

/** The shortest head worth keeping before the pointer (below it, the limit is too small to fit). */
const MIN_HEAD = 16;

/** Where a head may end, best first: a paragraph, a sentence (its punctuation kept), a word. */
const BOUNDARIES = [
  { pattern: /\n\s*\n/g, keep: 0 },
  { pattern: /[.!?。](?=\s)/g, keep: 1 },
  { pattern: /\s/g, keep: 0 },
];

/**
 * The description if it fits in `max` characters; else its head, cut at the last paragraph, sentence
 * or word boundary that leaves room, followed by `pointer` (where the model reads the rest). The
 * result never exceeds `max`.
 */
export function fitToolDescription(description: string, max: number, pointer: string): string {
  if (description.length <= max) return description;
  const tail = ` … ${pointer}`;
  const room = max - tail.length;
  if (room < MIN_HEAD) return `${description.slice(0, max - 1)}…`;
  return `${cutAtBoundary(description, room)}${tail}`;
}

/** The longest head of `text` within `room` characters that ends at a boundary (a hard cut when none is near). */
function cutAtBoundary(text: string, room: number): string {
  const head = text.slice(0, room);
  const half = Math.floor(room / 2);
  for (const { pattern, keep } of BOUNDARIES) {
    const end = Math.max(-1, ...[...head.matchAll(pattern)].map((match) => match.index + keep));
    if (end >= half) return head.slice(0, end).trimEnd();
  }
  return head.trimEnd();
}
