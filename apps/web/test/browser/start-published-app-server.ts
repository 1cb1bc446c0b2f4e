import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { findPackageJSON } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

/** The published MCP Apps example server, running as its own process over Streamable HTTP. */
export interface PublishedAppServer {
  /** Its MCP endpoint on loopback (`http://127.0.0.1:PORT/mcp`). */
  url: string;
  stop(): Promise<void>;
}

const PACKAGE = '@modelcontextprotocol/server-basic-vanillajs';

/**
 * Starts `@modelcontextprotocol/server-basic-vanillajs` unmodified with the pinned Node on a free
 * loopback port (its HTTP mode: `PORT=…`), and resolves once it says it listens.
 */
export async function startPublishedAppServer(): Promise<PublishedAppServer> {
  const manifest = findPackageJSON(PACKAGE, import.meta.url);
  if (!manifest) throw new Error(`${PACKAGE} is not installed; run npm install from the repository root`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  const entry = join(dirname(manifest), Object.values(bin)[0]);
  return spawnListeningServer(PACKAGE, [entry], 'MCP server listening');
}

/**
 * Runs the script `args[0]` with the pinned Node on a free loopback port (`PORT=…`), and resolves
 * with its MCP endpoint once its output (stdout or stderr) says `listening`; rejects with that
 * output if it exits first.
 */
export async function spawnListeningServer(
  name: string,
  args: string[],
  listening: string,
): Promise<PublishedAppServer> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(listening)) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`${name} exited early (${code}): ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}
