/** Index build and query time of search_tools beside plain BM25 over the same catalog, in one run. */
import { ToolCatalog } from '@switchboard/core';
import type { CategorizedLayer } from '../load-catalog-data.ts';
import { plainBm25 } from './plain-bm25.ts';

/** Wall-clock and CPU milliseconds of one piece of work (CPU: this process, user + system). */
export interface Elapsed {
  wallMs: number;
  cpuMs: number;
}

/** One method's times: index build, and mean time per query. */
export interface MethodTimes {
  build: Elapsed;
  query: Elapsed;
}

/** The times of both methods, the median of each over the rounds. */
export interface SearchTimes {
  tools: number;
  queries: number;
  rounds: number;
  ours: MethodTimes;
  bm25: MethodTimes;
}

/**
 * Builds each method's index over `layers` afresh and runs every query once, `rounds` times after a
 * warm-up round, and keeps each figure's median. CPU time is reported beside wall-clock time: on a
 * shared machine the wall clock also counts the time other processes hold the CPU.
 */
export function timeSearch(
  layers: readonly CategorizedLayer[],
  queries: readonly string[],
  rounds = 3,
  limit = 10,
): SearchTimes {
  const runs: Array<{ ours: MethodTimes; bm25: MethodTimes; tools: number }> = [];
  for (let round = 0; round <= rounds; round++) {
    let tools = 0;
    const ours = timeMethod(queries, () => {
      const catalog = new ToolCatalog(layers);
      tools = catalog.searchIndex.size;
      return (query) => catalog.searchTools(query, { limit });
    });
    const bm25 = timeMethod(queries, () => {
      const ranker = plainBm25(layers);
      return (query) => ranker(query, limit);
    });
    if (round > 0) runs.push({ ours, bm25, tools });
  }
  const median = (pick: (run: (typeof runs)[number]) => number) =>
    runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  const method = (key: 'ours' | 'bm25'): MethodTimes => ({
    build: { wallMs: median((run) => run[key].build.wallMs), cpuMs: median((run) => run[key].build.cpuMs) },
    query: { wallMs: median((run) => run[key].query.wallMs), cpuMs: median((run) => run[key].query.cpuMs) },
  });
  return {
    tools: runs[0]?.tools ?? 0,
    queries: queries.length,
    rounds,
    ours: method('ours'),
    bm25: method('bm25'),
  };
}

function timeMethod(queries: readonly string[], build: () => (query: string) => unknown): MethodTimes {
  let search: (query: string) => unknown = () => undefined;
  const buildTime = measure(() => {
    search = build();
  });
  const queryTime = measure(() => {
    for (const query of queries) search(query);
  });
  const per = Math.max(1, queries.length);
  return { build: buildTime, query: { wallMs: queryTime.wallMs / per, cpuMs: queryTime.cpuMs / per } };
}

function measure(work: () => void): Elapsed {
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  work();
  const wallMs = performance.now() - wallStart;
  const cpu = process.cpuUsage(cpuStart);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}
