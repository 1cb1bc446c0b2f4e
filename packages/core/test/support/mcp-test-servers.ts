import { fileURLToPath } from 'node:url';
import type { ToolCallContext, ToolProgress } from '../../src/types/layers.ts';
import { type ChildServer, startNodeProcess } from './child-process.ts';

export { type ChildServer, freePort } from './child-process.ts';

/** Absolute path of a fixture script. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

/** Entry point of the published `@modelcontextprotocol/server-everything`. */
export const SERVER_EVERYTHING = fileURLToPath(
  import.meta.resolve('@modelcontextprotocol/server-everything/dist/index.js'),
);

/** A tool-call context with a fresh signal, recording progress. */
export function callContext(signal: AbortSignal = new AbortController().signal): ToolCallContext & {
  progress: ToolProgress[];
} {
  const progress: ToolProgress[] = [];
  return { signal, progress, onProgress: (update) => progress.push(update) };
}

/** Starts a Node script with this process's environment and `env`, and waits until it says `readyText`. */
export function startNodeServer(
  args: string[],
  env: Record<string, string>,
  readyText: string,
): Promise<ChildServer> {
  return startNodeProcess(args, { ...process.env, ...env }, readyText);
}
