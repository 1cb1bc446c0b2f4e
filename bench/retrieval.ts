/**
 * bench:retrieval — recall@k and hit@k of `search_tools` on every task set side by side, each beside
 * plain BM25 over the same index text, in one run: over the set's own catalog, over it mixed into
 * LiveMCPBench's 527 tools (`+527`, where that is a catalog of its own) and over every catalog mixed
 * together (LiveMCPBench's 527 tools with Toucan's 5,581), with the raw request as the query and
 * with the request split into capability phrases (one query each, results merged as search_tools
 * merges an array of queries). Then index build time and query time of both methods over the
 * largest catalog (`--rounds N`, default 3; `--rounds 0` skips it).
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
 *
 * With SWITCHBOARD_EMBEDDINGS=openai-compatible:URL#model (and SWITCHBOARD_EMBEDDINGS_API_KEY if the
 * endpoint wants one) a third method is scored: search_tools as it runs with that endpoint, its
 * lexical ranking fused with dense retrieval over the endpoint's embeddings of each tool's name and
 * description (reciprocal rank fusion). A failed embeddings call stops the bench rather than score
 * the lexical fallback. Never needed offline: without the variable it is left out.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { DenseRetrieval, embedderFromEnv, mergeRankings, ToolCatalog } from '@switchboard/core';
import { printTable, readArgs, writeJsonIfAsked } from './bench-args.ts';
import { readServers, readTasks, type TaskRecord, toLayers } from './load-catalog-data.ts';
import { plainBm25, type Ranker } from './retrieval/plain-bm25.ts';
import { round, type Scores, scoreRankings } from './retrieval/score-rankings.ts';
import { splitRequest } from './retrieval/split-request.ts';
import { type Elapsed, timeSearch } from './retrieval/time-search.ts';

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
  layers: ReturnType<typeof toLayers>;
  ours: Ranker;
  baseline: Ranker;
  hybrid?: Ranker;
}

const endpoint = embedderFromEnv(process.env);
/** Dense retrieval shared by every catalog (each tool text embedded once); no deadline worth the name. */
const dense =
  endpoint &&
  new DenseRetrieval({
    embed: endpoint.embed,
    deadlineMs: 600_000,
    log: (message) => {
      throw new Error(message);
    },
  });

/** search_tools with the configured embeddings endpoint: lexical and dense rankings fused. */
function hybridRanker(layers: ReturnType<typeof toLayers>): Ranker | undefined {
  if (dense === undefined) return undefined;
  const catalog = new ToolCatalog(layers, { dense });
  return async (query, limit) =>
    ((await catalog.rankTools([query], { limit }))[0] ?? []).map((result) => result.toolName);
}

const catalogs = new Map<string, Catalog>();
/** The catalog of a list of servers.json files, built once per distinct list. */
async function catalogOf(files: readonly string[]): Promise<Catalog> {
  const key = [...new Set(files)].sort().join(',');
  const cached = catalogs.get(key);
  if (cached !== undefined) return cached;
  const layers = toLayers(readServers(key));
  const catalog = new ToolCatalog(layers);
  const tools = catalog.searchIndex.size;
  const ours: Ranker = (query, limit) =>
    catalog.searchTools(query, { limit }).map((result) => result.toolName);
  const built: Catalog = {
    tools,
    layers,
    ours,
    baseline: plainBm25(layers),
    hybrid: hybridRanker(layers),
  };
  catalogs.set(key, built);
  return built;
}

/** One ranking per task: the raw request, or its capability phrases merged. */
async function rank(ranker: Ranker, tasks: readonly TaskRecord[], split: boolean): Promise<string[][]> {
  const rankings: string[][] = [];
  for (const task of tasks) {
    const queries = split ? splitRequest(task.query) : [task.query];
    const lists: string[][] = [];
    for (const query of queries) lists.push(await ranker(query, maxK));
    rankings.push(mergeRankings(lists, (name) => name, maxK));
  }
  return rankings;
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
  hybrid?: Scores;
}

/**
 * The catalogs a set is scored over: its own, its own mixed into LiveMCPBench's 527 tools ("+527"),
 * and all mixed. "+527" is left out where it is the same catalog as one of the others (dev's own,
 * mcp-bench's mixed).
 */
function catalogsOf(set: TaskSet): Array<[string, string[]]> {
  const keyOf = (files: readonly string[]) => [...new Set(files)].sort().join(',');
  const own = set.servers;
  const with527 = [...set.servers, ...mix.slice(0, 1)];
  const mixed = [...set.servers, ...mix];
  const distinct = keyOf(with527) !== keyOf(own) && keyOf(with527) !== keyOf(mixed);
  return [['own', own], ...(distinct ? [['+527', with527] as [string, string[]]] : []), ['mixed', mixed]];
}

const rows: Row[] = [];
const rawQueries: string[] = [];
for (const set of sets) {
  const tasks = readTasks(set.tasks);
  rawQueries.push(...tasks.map((task) => task.query));
  for (const [label, files] of catalogsOf(set)) {
    const catalog = await catalogOf(files);
    for (const split of [false, true]) {
      const ours = await rank(catalog.ours, tasks, split);
      rows.push({
        set: set.name,
        role: set.role,
        catalog: label,
        tools: catalog.tools,
        query: split ? 'split' : 'raw',
        tasks: tasks.length,
        ours: scoreRankings(ours, tasks, ks),
        bm25: scoreRankings(await rank(catalog.baseline, tasks, split), tasks, ks),
        ...(catalog.hybrid === undefined
          ? {}
          : { hybrid: scoreRankings(await rank(catalog.hybrid, tasks, split), tasks, ks) }),
      });
    }
  }
}

console.log(`${sets.length} task sets\n`);
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
        ...(row.hybrid === undefined
          ? []
          : [
              [`R@${k} +dense`, cell(row.hybrid.recallAt[k])],
              [`H@${k} +dense`, cell(row.hybrid.hitAt[k])],
            ]),
      ]),
    ),
  })),
);

const rounds = Number.parseInt(args.get('rounds') ?? '3', 10);
const largest = [...catalogs.values()].sort((a, b) => b.tools - a.tools)[0];
const times =
  rounds > 0 && largest !== undefined ? timeSearch(largest.layers, rawQueries, rounds) : undefined;
if (times !== undefined) {
  console.log(
    `\nSpeed over the largest catalog (${times.tools} tools): index build, and mean per raw request of every set (${times.queries}); median of ${times.rounds} rounds after a warm-up, wall clock / CPU time of this process, ms\n`,
  );
  const ms = ({ wallMs, cpuMs }: Elapsed) =>
    `${wallMs.toFixed(wallMs < 100 ? 2 : 0)} / ${cpuMs.toFixed(cpuMs < 100 ? 2 : 0)}`;
  printTable(
    (['ours', 'bm25'] as const).map((method) => ({
      method: method === 'ours' ? 'search_tools' : 'plain BM25',
      'build wall / cpu': ms(times[method].build),
      'query wall / cpu': ms(times[method].query),
    })),
  );
}

await writeJsonIfAsked(args, {
  ks,
  rows,
  ...(times === undefined
    ? {}
    : {
        speed: {
          ...times,
          ours: roundTimes(times.ours),
          bm25: roundTimes(times.bm25),
        },
      }),
});

function roundTimes(times: { build: Elapsed; query: Elapsed }) {
  const two = ({ wallMs, cpuMs }: Elapsed) => ({ wallMs: round(wallMs, 2), cpuMs: round(cpuMs, 2) });
  return { build: two(times.build), query: two(times.query) };
}
