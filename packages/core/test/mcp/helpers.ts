import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { ToolCallContext, ToolProgress } from '../../src/types/layers.ts';

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

/** A loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A child process started with the pinned Node, and the means to stop it. */
export interface ChildServer {
  stop(): Promise<void>;
}

/** Starts a Node script and waits until it writes `readyText` to stderr. */
export async function startNodeServer(args: string[], env: Record<string, string>, readyText: string) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes(readyText)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited early (${code}): ${stderr}`)));
  });
  return {
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  } satisfies ChildServer;
}
