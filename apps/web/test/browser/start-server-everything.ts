import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { freePort, type PublishedAppServer } from './start-published-app-server.ts';

const ENTRY = fileURLToPath(import.meta.resolve('@modelcontextprotocol/server-everything/dist/index.js'));

/**
 * Starts the published `@modelcontextprotocol/server-everything`, unmodified, with the pinned Node
 * over Streamable HTTP on a free loopback port (it serves CORS itself); resolves once it listens.
 */
export async function startServerEverything(): Promise<PublishedAppServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [ENTRY, 'streamableHttp'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on port')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited early (${code}): ${output}`)));
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
