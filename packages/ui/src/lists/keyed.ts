/** An item of a rendered list with the key its `{#each}` block renders it under. */
export interface Keyed<T> {
  key: string;
  item: T;
}

/** The wrappers handed out per item object, so an unchanged item keeps its wrapper (and its row renders nothing new). */
const wrappers = new WeakMap<object, Map<string, Keyed<unknown>>>();

/**
 * The items of a list, each with a key unique in the list that stays with its item as the list
 * changes: `identify(item)` — its id, or what it shows — numbered by occurrence (`1:a`, `2:a` for a
 * second item that identifies as `a`), so repeated entries never share a key and no key is a
 * position. An object item keeps the same wrapper from one call to the next while its key is the same.
 */
export function keyed<T>(items: readonly T[], identify: (item: T) => string = contentKey): Keyed<T>[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const identity = identify(item);
    const occurrence = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, occurrence);
    return wrap(item, `${occurrence}:${identity}`);
  });
}

/** What a value shows, as text: its JSON (so `1` and `"1"` differ), or its type and text when it has none. */
export function contentKey(value: unknown): string {
  try {
    return JSON.stringify(value) ?? `${typeof value}:${String(value)}`;
  } catch {
    return `${typeof value}:${String(value)}`;
  }
}

function wrap<T>(item: T, key: string): Keyed<T> {
  if (typeof item !== 'object' || item === null) return { key, item };
  let byKey = wrappers.get(item);
  if (!byKey) {
    byKey = new Map();
    wrappers.set(item, byKey);
  }
  let wrapper = byKey.get(key) as Keyed<T> | undefined;
  if (!wrapper) {
    wrapper = { key, item };
    byKey.set(key, wrapper);
  }
  return wrapper;
}
