/**
 * Merges the rankings of several queries into one: the best of each query first, then the second of
 * each, and so on (each item once, at its best place), so that every query — one per capability a
 * task needs — has its top results near the top of the merged list.
 */
export function mergeRankings<T>(
  rankings: ReadonlyArray<readonly T[]>,
  keyOf: (item: T) => string,
  limit: number,
): T[] {
  const merged: T[] = [];
  const seen = new Set<string>();
  const depth = Math.max(0, ...rankings.map((ranking) => ranking.length));
  for (let rank = 0; rank < depth && merged.length < limit; rank++) {
    for (const ranking of rankings) {
      const item = ranking[rank];
      if (item === undefined) continue;
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(item);
      if (merged.length >= limit) break;
    }
  }
  return merged;
}
