import { ToolCatalog } from '@switchboard/core';
import { readServers, readTasks, toLayers, type TaskRecord } from './load-catalog-data.ts';

const tasks = readTasks('../shared/data/livemcpbench/tasks-dev.json');
const halves: Record<string, TaskRecord[]> = {
  all: tasks,
  A: tasks.filter((_, i) => i % 2 === 0),
  B: tasks.filter((_, i) => i % 2 === 1),
};
const catalogs = {
  small: '../shared/data/livemcpbench/servers.json',
  large: '../shared/data/livemcpbench/servers.json,../shared/data/toucan/servers.json',
};
const verbose = process.env.VERBOSE;
const out: string[] = [];
for (const [label, files] of Object.entries(catalogs)) {
  if (process.env.ONLY && process.env.ONLY !== label) continue;
  const catalog = new ToolCatalog(toLayers(readServers(files)));
  const t0 = performance.now();
  const index = catalog.searchIndex;
  const buildMs = performance.now() - t0;
  const q0 = performance.now();
  const ranked = new Map(tasks.map((task) => [task.id, catalog.searchTools(task.query, { limit: 10 }).map((r) => r.toolName)]));
  const queryMs = (performance.now() - q0) / tasks.length;
  const cells: string[] = [];
  for (const [half, list] of Object.entries(halves)) {
    let r1 = 0, r5 = 0, r10 = 0, h5 = 0, h10 = 0;
    for (const task of list) {
      const gold = new Set(task.goldTools);
      const top = ranked.get(task.id) ?? [];
      const found = (k: number) => [...gold].filter((g) => top.slice(0, k).includes(g)).length;
      r1 += found(1) / gold.size; r5 += found(5) / gold.size; r10 += found(10) / gold.size;
      if (found(5) > 0) h5++;
      if (found(10) > 0) h10++;
      if (verbose && half === 'all' && label === verbose) console.log(found(5), '/', gold.size, task.query.slice(0, 90), '|', task.goldTools.join(','), '|', top.slice(0, 5).join(','));
    }
    const n = list.length;
    cells.push(`${half}: r1 ${(r1 / n).toFixed(3)} r5 ${(r5 / n).toFixed(3)} h5 ${(h5 / n).toFixed(3)} r10 ${(r10 / n).toFixed(3)} h10 ${(h10 / n).toFixed(3)}`);
  }
  out.push(`${label} (${index.size} tools, build ${buildMs.toFixed(0)} ms, ${queryMs.toFixed(1)} ms/q)\n  ${cells.join('\n  ')}`);
}
console.log(out.join('\n'));
