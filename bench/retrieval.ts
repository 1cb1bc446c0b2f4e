/**
 * bench:retrieval — recall@k and hit@k of `search_tools` over real catalogs and tasks, beside a plain
 * BM25 baseline computed in the same run on the same text; plus index build time and memory.
 *
 *   npm run bench:retrieval -- --servers A.json[,B.json] --tasks T.json [--k 1,5,10] [--halves] [--json out.json]
 *
 * Query = the task text. A retrieved tool counts when its name is one of the task's gold tool names
 * (gold names that exist on no server count as misses for every method). recall@k averages, over
 * tasks, the share of a task's gold names found in the first k results; hit@k is the share of tasks
 * with at least one gold name in the first k. `--halves` also scores the tasks at even and at odd
 * positions of the file separately: a ranking change that helps one half only is tuned to its tasks.
 *
 * The baseline is plain BM25 (MiniSearch's defaults: its tokenizer, lowercase, no stemming, no
 * synonyms, no fields, no boosts) over the same text as ours — tool name, title, description,
 * parameters, server name, description and category — with English function words dropped, as any
 * BM25 setup does.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ToolCatalog } from '@switchboard/core';
import MiniSearch from 'minisearch';
import { ENGLISH_STOP_WORDS } from '../packages/core/src/discovery/stop-words.ts';
import { parameterText } from '../packages/core/src/discovery/tool-search-text.ts';
import { printTable, readArgs, writeJsonIfAsked } from './bench-args.ts';
import { readServers, readTasks, requireArg, type TaskRecord, toLayers } from './load-catalog-data.ts';

const USAGE =
  'npm run bench:retrieval -- --servers A.json[,B.json] --tasks T.json [--k 1,5,10] [--halves] [--json out]';
const args = readArgs();
const servers = readServers(requireArg(args, 'servers', USAGE));
const tasks = readTasks(requireArg(args, 'tasks', USAGE));
const ks = (args.get('k') ?? '1,5,10')
  .split(',')
  .map((k) => Number.parseInt(k, 10))
  .filter((k) => k > 0);
const maxK = Math.max(...ks);
const layers = toLayers(servers);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapUsed = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

// Ours: the catalog's search index, exactly what search_tools uses.
const heapBefore = heapUsed();
const catalog = new ToolCatalog(layers);
const buildStart = performance.now();
const cpuStart = process.cpuUsage();
const index = catalog.searchIndex;
const cpu = process.cpuUsage(cpuStart);
const buildMs = performance.now() - buildStart;
const buildCpuMs = (cpu.user + cpu.system) / 1000;
const heapMB = (heapUsed() - heapBefore) / 2 ** 20;

// Built again in the same process: what adding servers costs once the code is warm and the
// Chinese dictionary (read on first use) is loaded.
const rebuildStart = performance.now();
void new ToolCatalog(layers).searchIndex;
const rebuildMs = performance.now() - rebuildStart;

const queryStart = performance.now();
const ours = tasks.map((task) =>
  catalog.searchTools(task.query, { limit: maxK }).map((result) => result.toolName),
);
const queryMs = (performance.now() - queryStart) / Math.max(1, tasks.length);

// Baseline: plain BM25 (MiniSearch's defaults) over the same text, one field, function words dropped.
const baselineStart = performance.now();
const plain = new MiniSearch<{ id: number; name: string; text: string }>({
  fields: ['text'],
  storeFields: ['name'],
  processTerm: (term) => {
    const lower = term.toLowerCase();
    return ENGLISH_STOP_WORDS.has(lower) ? null : lower;
  },
});
let id = 0;
for (const layer of layers) {
  const serverText = `${layer.serverName} ${layer.description ?? ''} ${layer.category ?? ''}`;
  plain.addAll(
    layer.tools.map((tool) => ({
      id: id++,
      name: tool.name,
      text: `${tool.name} ${tool.title ?? ''} ${tool.description ?? ''} ${parameterText(tool.inputSchema)} ${serverText}`,
    })),
  );
}
const baselineBuildMs = performance.now() - baselineStart;
const baseline = tasks.map((task) =>
  plain
    .search(task.query)
    .slice(0, maxK)
    .map((hit) => hit.name as string),
);

interface Scores {
  recallAt: Record<string, number>;
  hitAt: Record<string, number>;
}

/** Scores the rankings of the tasks whose position passes `keep` (all by default). */
function score(
  rankings: string[][],
  taskList: readonly TaskRecord[],
  keep = (_index: number) => true,
): Scores {
  const recallAt: Record<string, number> = {};
  const hitAt: Record<string, number> = {};
  const kept = taskList.flatMap((task, index) =>
    keep(index) ? [{ task, ranking: rankings[index] ?? [] }] : [],
  );
  for (const k of ks) {
    let recall = 0;
    let hits = 0;
    for (const { task, ranking } of kept) {
      const top = new Set(ranking.slice(0, k));
      const gold = new Set(task.goldTools);
      const found = [...gold].filter((name) => top.has(name)).length;
      recall += found / gold.size;
      if (found > 0) hits++;
    }
    recallAt[k] = round(recall / Math.max(1, kept.length));
    hitAt[k] = round(hits / Math.max(1, kept.length));
  }
  return { recallAt, hitAt };
}

function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const oursScores = score(ours, tasks);
const baselineScores = score(baseline, tasks);
const row = (method: string, scores: Scores) => ({
  method,
  ...Object.fromEntries(ks.map((k) => [`recall@${k}`, scores.recallAt[k].toFixed(3)])),
  ...Object.fromEntries(ks.map((k) => [`hit@${k}`, scores.hitAt[k].toFixed(3)])),
});

console.log(
  `${servers.length} servers, ${index.size} tools, ${tasks.length} tasks — index built in ${buildMs.toFixed(0)} ms (${buildCpuMs.toFixed(0)} ms CPU; ${rebuildMs.toFixed(0)} ms built again warm), ${heapMB.toFixed(1)} MB heap, ${queryMs.toFixed(2)} ms per query\n`,
);
const even = (index: number) => index % 2 === 0;
const odd = (index: number) => index % 2 === 1;
const halves = args.has('halves')
  ? {
      even: { ours: score(ours, tasks, even), baseline: score(baseline, tasks, even) },
      odd: { ours: score(ours, tasks, odd), baseline: score(baseline, tasks, odd) },
    }
  : undefined;
printTable([
  row('search_tools', oursScores),
  row('plain BM25 (baseline)', baselineScores),
  ...(halves === undefined
    ? []
    : [
        row('search_tools, even tasks', halves.even.ours),
        row('search_tools, odd tasks', halves.odd.ours),
        row('plain BM25, even tasks', halves.even.baseline),
        row('plain BM25, odd tasks', halves.odd.baseline),
      ]),
]);

await writeJsonIfAsked(args, {
  servers: servers.length,
  tasks: tasks.length,
  tools: index.size,
  ...oursScores,
  baseline: { ...baselineScores, buildMs: round(baselineBuildMs, 1) },
  ...(halves === undefined ? {} : { halves }),
  buildMs: round(buildMs, 1),
  buildCpuMs: round(buildCpuMs, 1),
  rebuildMs: round(rebuildMs, 1),
  heapMB: round(heapMB, 1),
  queryMs: round(queryMs, 2),
});
