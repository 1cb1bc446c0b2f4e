/**
 * bench:retrieval — recall@k and hit@k of `search_tools` on every task set side by side, each beside
 * plain BM25 over the same index text, in one run: over the set's own catalog and over every catalog
 * mixed together (LiveMCPBench's 527 tools with Toucan's 5,581), with the raw request as the query and
 * with the request split into capability phrases (one query each, results merged as search_tools
 * merges an array of queries). Also index build time and query time.
 *
 *   npm run bench:retrieval [-- --sets bench/task-sets/sets.json] [--k 5,10] [--json out.json]
 *   npm run bench:retrieval -- --tasks T.json --servers A.json[,B.json] [--mix C.json,...]
 *
 * Frozen rule (bench/task-sets/README.md): ranking is tuned on the set whose role is "tune" only; the
 * others are held out and reported, never tuned on. `--tasks/--servers` runs one set of the same shape
 * (held-out LiveMCPBench tasks, say) over the given catalog, mixed with `--mix` (default: the shared
 * LiveMCPBench and Toucan catalogs).
 *
 * The split queries stand in for the model: in real use the model writes short keyword queries, one
 * per capability (see bench/retrieval/split-request.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { mergeRankings, ToolCatalog } from '@switchboard/core';
import { printTable, readArgs, writeJsonIfAsked } from './bench-args.ts';
import { readServers, readTasks, type TaskRecord, toLayers } from './load-catalog-data.ts';
import { plainBm25, type Ranker } from './retrieval/plain-bm25.ts';
import { round, type Scores, scoreRankings } from './retrieval/score-rankings.ts';
import { splitRequest } from './retrieval/split-request.ts';

interface TaskSet {
  name: string;
  role: 'tune' | 'held-out';
  servers: string[];
  tasks: string;
}

const DEFAULT_MIX = ['../shared/data/livemcpbench/servers.json', '../shared/data/toucan/servers.json'];
const args = readArgs();
const ks = (args.get('k') ?? '5,10')
  .split(',')
  .map((k) => Number.parseInt(k, 10))
  .filter((k) => k > 0);
const maxK = Math.max(...ks);
const sets: TaskSet[] = args.has('tasks')
  ? [
      {
        name: basename(args.get('tasks') ?? 'tasks', '.json'),
        role: 'held-out',
        servers: (args.get('servers') ?? DEFAULT_MIX[0]).split(','),
        tasks: args.get('tasks') ?? '',
      },
    ]
  : (JSON.parse(readFileSync(args.get('sets') ?? 'bench/task-sets/sets.json', 'utf8')) as TaskSet[]);
const mix = (args.get('mix') ?? DEFAULT_MIX.join(',')).split(',').filter((file) => existsSync(file));

interface Catalog {
  tools: number;
  buildMs: number;
  ours: Ranker;
  baseline: Ranker;
}

const catalogs = new Map<string, Catalog>();
/** The catalog of a list of servers.json files, built once per distinct list. */
function catalogOf(files: readonly string[]): Catalog {
  const key = [...new Set(files)].sort().join(',');
  const cached = catalogs.get(key);
  if (cached !== undefined) return cached;
  const layers = toLayers(readServers(key));
  const catalog = new ToolCatalog(layers);
  const start = performance.now();
  const tools = catalog.searchIndex.size;
  const buildMs = performance.now() - start;
  const built: Catalog = {
    tools,
    buildMs,
    ours: (query, limit) => catalog.searchTools(query, { limit }).map((result) => result.toolName),
    baseline: plainBm25(layers),
  };
  catalogs.set(key, built);
  return built;
}

/** One ranking per task: the raw request, or its capability phrases merged. */
function rank(ranker: Ranker, tasks: readonly TaskRecord[], split: boolean): string[][] {
  return tasks.map((task) =>
    split
      ? mergeRankings(
          splitRequest(task.query).map((query) => ranker(query, maxK)),
          (name) => name,
          maxK,
        )
      : ranker(task.query, maxK),
  );
}

interface Row {
  set: string;
  role: string;
  catalog: string;
  tools: number;
  query: 'raw' | 'split';
  tasks: number;
  ours: Scores;
  bm25: Scores;
}

const rows: Row[] = [];
let queryMs = 0;
let queries = 0;
for (const set of sets) {
  const tasks = readTasks(set.tasks);
  for (const [label, files] of [
    ['own', set.servers],
    ['mixed', [...set.servers, ...mix]],
  ] as const) {
    const catalog = catalogOf(files);
    for (const split of [false, true]) {
      const start = performance.now();
      const ours = rank(catalog.ours, tasks, split);
      if (!split) {
        queryMs += performance.now() - start;
        queries += tasks.length;
      }
      rows.push({
        set: set.name,
        role: set.role,
        catalog: label,
        tools: catalog.tools,
        query: split ? 'split' : 'raw',
        tasks: tasks.length,
        ours: scoreRankings(ours, tasks, ks),
        bm25: scoreRankings(rank(catalog.baseline, tasks, split), tasks, ks),
      });
    }
  }
}

const biggest = Math.max(...[...catalogs.values()].map((catalog) => catalog.tools));
const buildMs = Math.max(...[...catalogs.values()].map((catalog) => catalog.buildMs));
console.log(
  `${sets.length} task sets; largest catalog ${biggest} tools indexed in ${buildMs.toFixed(0)} ms; ${(queryMs / Math.max(1, queries)).toFixed(2)} ms per raw query\n`,
);
const cell = (value: number) => value.toFixed(3);
const delta = (ours: number, bm25: number) => `${ours >= bm25 ? '+' : ''}${(ours - bm25).toFixed(3)}`;
printTable(
  rows.map((row) => ({
    set: row.set,
    role: row.role,
    catalog: `${row.catalog} (${row.tools})`,
    query: row.query,
    n: row.tasks,
    ...Object.fromEntries(
      ks.flatMap((k) => [
        [`R@${k} ours`, cell(row.ours.recallAt[k])],
        [`R@${k} bm25`, cell(row.bm25.recallAt[k])],
        [`R@${k} Δ`, delta(row.ours.recallAt[k], row.bm25.recallAt[k])],
        [`H@${k} ours`, cell(row.ours.hitAt[k])],
        [`H@${k} bm25`, cell(row.bm25.hitAt[k])],
        [`H@${k} Δ`, delta(row.ours.hitAt[k], row.bm25.hitAt[k])],
      ]),
    ),
  })),
);

await writeJsonIfAsked(args, {
  ks,
  rows,
  largestCatalogTools: biggest,
  buildMs: round(buildMs, 1),
  queryMs: round(queryMs / Math.max(1, queries), 2),
});
