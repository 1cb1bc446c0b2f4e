import { isPlainObject } from '@switchboard/core';
/**
 * A tool result's value: the parsed JSON when the text is JSON (`"8"` → 8, objects, arrays), else
 * the text itself, trimmed.
 */
export function parseResult(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  try {
    return JSON.parse(trimmed);
  } catch {
    return trimmed;
  }
}

/** The records (plain objects) of an array, skipping notes such as a truncation message. */
export function recordsOf(value: unknown): Record<string, unknown>[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const records = value.filter(isPlainObject);
  return records.length > 0 && records.length >= value.length - 1 ? records : undefined;
}

/** Property names that usually hold a result's main list. */
const LIST_KEYS = ['rows', 'items', 'results', 'products', 'records', 'data'];

/**
 * The main list of records in a value: the value itself when it is one, else a list of records among
 * its properties, one level down too (`{products: […]}`, `{cart: {items: […]}}`) — one under a usual
 * list name (`rows`, `items`, …) first, else the longest.
 */
export function mainRecords(value: unknown): Record<string, unknown>[] | undefined {
  const direct = recordsOf(value);
  if (direct !== undefined || !isPlainObject(value)) return direct;
  const found: Array<{ key: string; records: Record<string, unknown>[] }> = [];
  const consider = (key: string, candidate: unknown) => {
    const records = recordsOf(candidate);
    if (records !== undefined) found.push({ key, records });
  };
  for (const [key, child] of Object.entries(value)) {
    consider(key, child);
    if (isPlainObject(child))
      for (const [innerKey, grandchild] of Object.entries(child)) consider(innerKey, grandchild);
  }
  const preferred = found.filter((entry) => LIST_KEYS.includes(entry.key));
  const pool = preferred.length > 0 ? preferred : found;
  return pool.reduce<Record<string, unknown>[] | undefined>(
    (best, entry) => (best === undefined || entry.records.length > best.length ? entry.records : best),
    undefined,
  );
}
