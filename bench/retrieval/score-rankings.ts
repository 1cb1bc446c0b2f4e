/** recall@k and hit@k of rankings against tasks' gold tool names. */
import type { TaskRecord } from '../load-catalog-data.ts';

/** Scores at each k: recall (mean share of a task's gold names found) and hit (share of tasks with one). */
export interface Scores {
  recallAt: Record<number, number>;
  hitAt: Record<number, number>;
}

/**
 * Scores the rankings of the tasks (ranking i belongs to task i). A ranked name counts when it is
 * one of the task's gold names; gold names that exist on no server count as misses for every method.
 */
export function scoreRankings(
  rankings: readonly string[][],
  tasks: readonly TaskRecord[],
  ks: readonly number[],
): Scores {
  const recallAt: Record<number, number> = {};
  const hitAt: Record<number, number> = {};
  for (const k of ks) {
    let recall = 0;
    let hits = 0;
    tasks.forEach((task, index) => {
      const top = new Set((rankings[index] ?? []).slice(0, k));
      const gold = new Set(task.goldTools);
      const found = [...gold].filter((name) => top.has(name)).length;
      recall += found / gold.size;
      if (found > 0) hits++;
    });
    recallAt[k] = round(recall / Math.max(1, tasks.length));
    hitAt[k] = round(hits / Math.max(1, tasks.length));
  }
  return { recallAt, hitAt };
}

/** Rounds to `digits` decimals. */
export function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
