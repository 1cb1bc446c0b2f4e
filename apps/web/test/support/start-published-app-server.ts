import { readFileSync } from 'node:fs';
import { findPackageJSON } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort, startNodeProcess } from '../../../../packages/core/test/support/child-process.ts';

export { freePort } from '../../../../packages/core/test/support/child-process.ts';

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
  return spawnListeningServer([entry], 'MCP server listening');
}

/**
 * Runs the script `args[0]` with the pinned Node on a free loopback port (`PORT=…`), and resolves
 * with its MCP endpoint once its output (stdout or stderr) says `listening`; rejects with that
 * output if it exits first.
 */
export async function spawnListeningServer(args: string[], listening: string): Promise<PublishedAppServer> {
  const port = await freePort();
  const child = await startNodeProcess(args, { PATH: process.env.PATH ?? '', PORT: String(port) }, listening);
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => child.stop() };
}
