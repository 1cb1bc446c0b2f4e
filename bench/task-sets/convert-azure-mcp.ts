/**
 * Converts the Azure MCP Server's tool-selection prompts (microsoft/mcp,
 * `eng/tools/ToolDescriptionEvaluator/namespace-tools.json` and `namespace-prompts.json`) into a
 * catalog in the `servers.json` shape and tasks in the `tasks-*.json` shape.
 *
 *   npx node bench/task-sets/convert-azure-mcp.ts --tools namespace-tools.json \
 *     --prompts namespace-prompts.json --out bench/task-sets/azure-mcp
 *
 * The catalog is one server, "Azure MCP Server", with one tool per namespace as the server exposes
 * them in namespace mode, named after its command (`azmcp acr` → `azmcp_acr`, the prompts' key).
 * Each prompt becomes a task whose one gold tool is its key; keys no tool has (the prompts file and
 * the tools file were written at different commits) are left out and counted on stderr.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArgs } from '../bench-args.ts';
import { requireArg, type ServerRecord, type TaskRecord } from '../load-catalog-data.ts';

interface NamespaceTool {
  name: string;
  description: string;
  command: string;
}

/** The catalog and tasks of the Azure MCP prompts, and how many prompts were left out. */
export function convertAzureMcp(
  tools: readonly NamespaceTool[],
  prompts: Readonly<Record<string, readonly string[]>>,
): { servers: ServerRecord[]; tasks: TaskRecord[]; skipped: number } {
  const server: ServerRecord = {
    name: 'Azure MCP Server',
    tools: tools.map((tool) => ({
      name: tool.command.trim().split(/\s+/).join('_'),
      description: tool.description,
      inputSchema: { type: 'object', properties: {} },
    })),
  };
  const names = new Set(server.tools.map((tool) => tool.name));
  const tasks: TaskRecord[] = [];
  let skipped = 0;
  for (const [key, list] of Object.entries(prompts)) {
    if (!names.has(key)) {
      skipped += list.length;
      continue;
    }
    list.forEach((query, index) => {
      tasks.push({ id: `${key}-${index}`, query, category: key, goldTools: [key] });
    });
  }
  return { servers: [server], tasks, skipped };
}

const USAGE =
  'node bench/task-sets/convert-azure-mcp.ts --tools namespace-tools.json --prompts namespace-prompts.json --out DIR';
if (import.meta.main) {
  const args = readArgs();
  const tools = (
    JSON.parse(readFileSync(requireArg(args, 'tools', USAGE), 'utf8')) as { results: NamespaceTool[] }
  ).results;
  const prompts = JSON.parse(readFileSync(requireArg(args, 'prompts', USAGE), 'utf8')) as Record<
    string,
    string[]
  >;
  const { servers, tasks, skipped } = convertAzureMcp(tools, prompts);
  const out = requireArg(args, 'out', USAGE);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'servers.json'), `${JSON.stringify(servers, null, 2)}\n`);
  writeFileSync(join(out, 'tasks-azure-mcp.json'), `${JSON.stringify(tasks, null, 2)}\n`);
  console.error(
    `${servers[0].tools.length} tools, ${tasks.length} tasks written, ${skipped} prompts left out (no tool of their key)`,
  );
}
