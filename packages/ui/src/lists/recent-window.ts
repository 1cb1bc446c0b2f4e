/** The newest entries of a long list that are rendered, and how many older ones are not. */
export interface RecentWindow<T> {
  items: T[];
  /** Older entries left out (shown on request, a page at a time). */
  hidden: number;
}

/**
 * The newest `size` entries of `items` (all of them when there are fewer): what a chat or console
 * renders of a long conversation, so the page's work and memory stay the same however long it grows.
 */
export function recentWindow<T>(items: readonly T[], size: number): RecentWindow<T> {
  const start = Math.max(0, items.length - Math.max(0, Math.floor(size)));
  return { items: items.slice(start), hidden: start };
}
