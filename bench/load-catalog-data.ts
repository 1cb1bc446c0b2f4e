/** Reads benchmark catalogs (`servers.json`) and task files (`tasks-*.json`) into core's shapes. */
import { readFileSync } from 'node:fs';
import type { McpLayer, McpToolDef } from '@switchboard/core';

/** A server as the data files describe it. */
export interface ServerRecord {
  name: string;
  description?: string;
  category?: string;
  tools: McpToolDef[];
}

/** A task as the data files describe it. */
export interface TaskRecord {
  id: string;
  query: string;
  category?: string;
  goldTools: string[];
}

/** An MCP layer that also carries the registry category the search index reads. */
export type CategorizedLayer = McpLayer & { category?: string };

/** Reads and concatenates the `servers.json` files of a comma-separated list, in order. */
export function readServers(list: string): ServerRecord[] {
  return list.split(',').flatMap((file) => {
    const data: unknown = JSON.parse(readFileSync(file.trim(), 'utf8'));
    if (!Array.isArray(data)) throw new Error(`${file}: expected an array of servers`);
    return data as ServerRecord[];
  });
}

/** Reads a tasks file: an array of {id, query, goldTools}. */
export function readTasks(file: string): TaskRecord[] {
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(data)) throw new Error(`${file}: expected an array of tasks`);
  return (data as TaskRecord[]).filter(
    (task) => typeof task.query === 'string' && Array.isArray(task.goldTools) && task.goldTools.length > 0,
  );
}

/** The servers as MCP layers (no connection: enough for catalogs, prompts and search). */
export function toLayers(servers: readonly ServerRecord[]): CategorizedLayer[] {
  return servers.map((server) => ({
    protocol: 'mcp',
    serverName: server.name,
    description: server.description ?? '',
    category: server.category,
    tools: server.tools,
  }));
}

/** The value of a required `--name` argument, or exit with the usage line. */
export function requireArg(args: Map<string, string>, name: string, usage: string): string {
  const value = args.get(name);
  if (value === undefined || value === 'true') {
    console.error(`missing --${name}\nusage: ${usage}`);
    process.exit(2);
  }
  return value;
}
