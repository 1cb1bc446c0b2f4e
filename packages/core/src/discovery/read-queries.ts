/** The most queries one `search_tools` call takes (one per capability a task needs). */
export const MAX_QUERIES = 8;

/**
 * The queries of a `search_tools` call: its "queries" (non-empty strings, at most
 * {@link MAX_QUERIES}, repeats dropped) or else its "query"; undefined when neither is usable.
 */
export function readQueries(args: Readonly<Record<string, unknown>>): string[] | undefined {
  const { queries, query } = args;
  const list = Array.isArray(queries) ? queries : typeof query === 'string' ? [query] : [];
  const usable = list.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  if (usable.length === 0 || usable.length !== list.length || usable.length > MAX_QUERIES) return undefined;
  return [...new Set(usable.map((item) => item.trim()))];
}
