import { MAX_GLOBAL_SEARCH_LIMIT } from './global-tools.ts';

/** How quickly lower ranks stop counting when rankings are merged (reciprocal rank fusion's k). */
const MERGE_K = 60;

/**
 * Merges the rankings of several queries into one — one query per capability a task needs — by
 * reciprocal rank fusion: an item scores the sum over the rankings of 1 / (k + its rank). Items only
 * one query found come the best of each query first, in query order; an item several queries found
 * comes before them (what a request's several parts agree on). Each item appears once.
 */
export function mergeRankings<T>(
  rankings: ReadonlyArray<readonly T[]>,
  keyOf: (item: T) => string,
  limit: number,
): T[] {
  const merged = new Map<string, { item: T; score: number; order: number }>();
  rankings.forEach((ranking, query) => {
    ranking.forEach((item, rank) => {
      const key = keyOf(item);
      const score = 1 / (MERGE_K + rank + 1);
      const entry = merged.get(key);
      if (entry === undefined) merged.set(key, { item, score, order: rank * rankings.length + query });
      else entry.score += score;
    });
  });
  return [...merged.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, Math.max(0, limit))
    .map((entry) => entry.item);
}

/**
 * The answer of one `search_tools` call, in chat and on `/mcp` alike: each query's `limit` best,
 * merged by {@link mergeRankings}, at most `limit` per query and {@link MAX_GLOBAL_SEARCH_LIMIT} in all.
 */
export function mergeQueryRankings<T>(
  rankings: ReadonlyArray<readonly T[]>,
  keyOf: (item: T) => string,
  limit: number,
): T[] {
  return mergeRankings(
    rankings.map((ranking) => ranking.slice(0, limit)),
    keyOf,
    Math.min(MAX_GLOBAL_SEARCH_LIMIT, limit * rankings.length),
  );
}
