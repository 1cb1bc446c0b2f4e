/**
 * Converts MCP-Bench tasks (Accenture/mcp-bench, `tasks/mcpbench_tasks_*_runner_format.json`) into the
 * `tasks-*.json` shape `[{id, query, category, goldTools}]`, labelled with the tool names of a catalog
 * in the `servers.json` shape (Toucan's, which holds most MCP-Bench servers under the same tool names).
 *
 *   npx node bench/task-sets/convert-mcp-bench.ts --tasks A.json[,B.json] \
 *     --servers ../shared/data/toucan/servers.json --out bench/task-sets/mcp-bench/tasks-mcp-bench.json
 *
 * query: the task's `fuzzy_description` — the request as a user would write it, naming no tool.
 * goldTools: the tools of the task's servers (mapped to catalog servers by {@link CATALOG_SERVERS})
 * whose exact names occur, as whole identifiers, in the task's `task_description` or
 * `dependency_analysis` — MCP-Bench's own description of the solution. Tasks with a server the catalog
 * lacks, or with no tool named, are left out (and counted on stderr).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readArgs } from '../bench-args.ts';
import { readServers, requireArg, type ServerRecord, type TaskRecord } from '../load-catalog-data.ts';

/** MCP-Bench server name → the catalog server that is the same MCP server (its Smithery listing). */
const CATALOG_SERVERS: Readonly<Record<string, string>> = {
  'OpenAPI Explorer': 'OpenAPI MCP Server',
  Wikipedia: 'Wikipedia Integration Server',
  'Call for Papers': 'Call For Papers',
  'Car Price Evaluator': 'Car Price Server',
  FruityVice: 'Fruityvice Nutrition Info Server',
  'Game Trends': 'Game Trends',
  'Math MCP': 'Math-MCP',
  'OSINT Intelligence': 'OSINT Server',
  'Movie Recommender': 'Movie Recommender',
  'Paper Search': 'Paper Search',
  'Scientific Computing': 'Scientific Computation MCP Server',
  'Time MCP': 'Server Time',
  'Medical Calculator': 'Medical Calculation Server',
  'Hugging Face': 'Hugging Face MCP Server',
};

interface McpBenchTask {
  task_id: string;
  task_description?: string;
  fuzzy_description?: string;
  dependency_analysis?: string;
}

interface McpBenchGroup {
  servers: string[];
  tasks: McpBenchTask[];
}

/** Identifiers as tool names are written: letters, digits, `_` and `-`. */
const IDENTIFIER = /[A-Za-z][A-Za-z0-9_-]*/g;

/** The tasks of MCP-Bench groups with gold tools in `catalog`, and how many were left out. */
export function convertMcpBenchTasks(
  groups: readonly McpBenchGroup[],
  catalog: readonly ServerRecord[],
): { tasks: TaskRecord[]; skipped: number } {
  const toolsOf = new Map(catalog.map((server) => [server.name, server.tools.map((tool) => tool.name)]));
  const tasks: TaskRecord[] = [];
  let skipped = 0;
  for (const group of groups) {
    const names = group.servers.map((server) => toolsOf.get(CATALOG_SERVERS[server] ?? ''));
    for (const task of group.tasks) {
      const mentioned = new Set(
        `${task.task_description ?? ''} ${task.dependency_analysis ?? ''}`.match(IDENTIFIER),
      );
      const goldTools = [
        ...new Set(names.flatMap((tools) => tools ?? []).filter((name) => mentioned.has(name))),
      ];
      if (names.includes(undefined) || goldTools.length === 0 || !task.fuzzy_description) {
        skipped++;
        continue;
      }
      tasks.push({
        id: task.task_id,
        query: task.fuzzy_description,
        category: group.servers.join('+'),
        goldTools,
      });
    }
  }
  return { tasks, skipped };
}

const USAGE =
  'node bench/task-sets/convert-mcp-bench.ts --tasks A.json[,B.json] --servers servers.json --out tasks.json';
if (import.meta.main) {
  const args = readArgs();
  const groups = requireArg(args, 'tasks', USAGE)
    .split(',')
    .flatMap(
      (file) => (JSON.parse(readFileSync(file, 'utf8')) as { server_tasks: McpBenchGroup[] }).server_tasks,
    );
  const { tasks, skipped } = convertMcpBenchTasks(groups, readServers(requireArg(args, 'servers', USAGE)));
  writeFileSync(requireArg(args, 'out', USAGE), `${JSON.stringify(tasks, null, 2)}\n`);
  console.error(
    `${tasks.length} tasks written, ${skipped} left out (server not in the catalog, or no tool named)`,
  );
}
