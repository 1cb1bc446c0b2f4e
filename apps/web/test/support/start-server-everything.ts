import { fileURLToPath } from 'node:url';
import { type PublishedAppServer, spawnListeningServer } from './start-published-app-server.ts';

const ENTRY = fileURLToPath(import.meta.resolve('@modelcontextprotocol/server-everything/dist/index.js'));

/**
 * Starts the published `@modelcontextprotocol/server-everything`, unmodified, with the pinned Node
 * over Streamable HTTP on a free loopback port (it serves CORS itself); resolves once it listens.
 */
export function startServerEverything(): Promise<PublishedAppServer> {
  return spawnListeningServer([ENTRY, 'streamableHttp'], 'listening on port');
}
