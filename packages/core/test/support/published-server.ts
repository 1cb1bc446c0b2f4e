import { readFileSync } from 'node:fs';
import { findPackageJSON } from 'node:module';
import { dirname, join } from 'node:path';
import {
  type AgentResult,
  checkStrictModeSchema,
  McpConnection,
  stdioTransport,
  type ToolCatalog,
} from '../../src/node.ts';

import { type ChildServer, startNodeProcess } from './child-process.ts';

export { customEvents, latestToolResults, runScripted, type ScriptedRun } from './scripted-run.ts';

/**
 * Absolute path of the command an installed package publishes (its only `bin` entry), found through
 * the package's package.json: the published servers' entry points are not all in their exports map.
 */
export function packageBin(name: string): string {
  const manifestPath = findPackageJSON(name, import.meta.url);
  if (manifestPath === undefined)
    throw new Error(`${name} is not installed; run npm install from the repository root`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    bin?: string | Record<string, string>;
  };
  const bins = typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
  if (bins.length !== 1) throw new Error(`${name} publishes ${bins.length} commands; expected exactly one`);
  return join(dirname(manifestPath), bins[0]);
}

/**
 * A connection to a published server, started unmodified with the pinned Node (`process.execPath`)
 * over stdio. `args` follow the entry script; `env` is added to the SDK's safe default environment.
 */
export function publishedServer(
  name: string,
  entry: string,
  options: { args?: string[]; env?: Record<string, string> } = {},
): McpConnection {
  return new McpConnection({
    name,
    transport: stdioTransport({
      command: process.execPath,
      args: [entry, ...(options.args ?? [])],
      env: options.env,
    }),
    timeoutMs: 10_000,
  });
}

/** Strict-mode problems of every provider tool of the catalog, by prefixed name (only tools with problems). */
export function strictModeProblems(catalog: ToolCatalog): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const tool of catalog.allTools()) {
    const found = checkStrictModeSchema(tool.input_schema);
    if (found.length > 0) problems[tool.name] = found;
  }
  return problems;
}

/** One tool call of a run as a test compares it: what was called, with what, and what came back. */
export interface TranscriptEntry {
  name: string;
  args: unknown;
  result: string;
  isError: boolean;
}

/** The tool calls of a run, in order, without timings. */
export function transcript(result: AgentResult): TranscriptEntry[] {
  return result.toolCalls.map((call) => ({
    name: call.name,
    args: call.args,
    result: call.result,
    isError: call.error !== undefined,
  }));
}

/** A published server running as its own process (HTTP mode), and the means to stop it. */
export type RunningProcess = ChildServer;

/**
 * Starts a published server's entry script with the pinned Node and only `PATH` and `env` in its
 * environment, and resolves once it says `readyText` (how HTTP servers announce they listen).
 */
export function startProcess(
  entry: string,
  env: Record<string, string>,
  readyText: string,
): Promise<RunningProcess> {
  return startNodeProcess([entry], { PATH: process.env.PATH ?? '', ...env }, readyText);
}
