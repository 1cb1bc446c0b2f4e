/** Default maximum length of a tool result sent to the model, in characters. */
export const DEFAULT_MAX_RESULT_LENGTH = 10_000;

/**
 * Cuts an oversized tool result down to about `maxLength` characters.
 * JSON arrays (at the top level or the largest array inside an object) are cut item-wise, so the
 * preview is still valid JSON; a final string item says how many items there were. Other text is cut
 * at `maxLength` with a note giving the full length. `recallHint` (e.g. "recall('toolu_1')") is added
 * to the note so the model knows how to read everything.
 */
export function truncateResult(
  text: string,
  maxLength = DEFAULT_MAX_RESULT_LENGTH,
  recallHint?: string,
): string {
  if (text.length <= maxLength) return text;
  const json = parseJsonContainer(text);
  if (json !== undefined) {
    const cut = truncateJson(json, maxLength, text.length, recallHint);
    if (cut !== undefined) return cut;
  }
  const note = `\n… [truncated: showing ${maxLength} of ${text.length} characters${recallHint ? `; ${recallHint} for the full result` : ''}]`;
  return text.slice(0, Math.max(0, maxLength - note.length)) + note;
}

function parseJsonContainer(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '[' && first !== '{') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function truncateJson(
  value: unknown,
  maxLength: number,
  fullLength: number,
  recallHint?: string,
): string | undefined {
  if (Array.isArray(value)) {
    return cutArray(
      value,
      maxLength,
      (kept, note) => JSON.stringify([...kept, note]),
      fullLength,
      recallHint,
    );
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const largestKey = Object.keys(record)
    .filter((key) => Array.isArray(record[key]))
    .sort((a, b) => JSON.stringify(record[b]).length - JSON.stringify(record[a]).length)[0];
  if (largestKey === undefined) return undefined;
  const render = (kept: unknown[], note: string) =>
    JSON.stringify({ ...record, [largestKey]: [...kept, note] });
  return cutArray(record[largestKey] as unknown[], maxLength, render, fullLength, recallHint);
}

function cutArray(
  items: unknown[],
  maxLength: number,
  render: (kept: unknown[], note: string) => string,
  fullLength: number,
  recallHint?: string,
): string | undefined {
  const noteFor = (shown: number) =>
    `… ${items.length - shown} more items not shown (${items.length} items in all, ${fullLength} characters)${recallHint ? `; ${recallHint} for the full result` : ''}`;
  // Binary search for the largest prefix of items that fits.
  let low = 0;
  let high = items.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (render(items.slice(0, middle), noteFor(middle)).length <= maxLength) low = middle;
    else high = middle - 1;
  }
  const preview = render(items.slice(0, low), noteFor(low));
  return preview.length <= maxLength ? preview : undefined;
}
