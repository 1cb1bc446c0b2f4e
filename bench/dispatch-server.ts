/**
 * The server bench:dispatch measures against, run as a child process so that its work does not
 * share the client's event loop: {@link echoServer} (an SDK `McpServer` with one `echo` tool),
 * served over Streamable HTTP on 127.0.0.1 (any free port). Prints `READY <url>` on stdout.
 *
 *   node bench/dispatch-server.ts [--server modern|sessionful]
 *
 * `modern` (default): the stateless 2026-07-28 entry (`createMcpHandler`), which also serves
 * 2025-era clients statelessly. `sessionful`: the 2025-era transport with one session per client.
 */

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { readArgs } from './bench-args.ts';
import { echoServer } from './echo-server.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function modernHandler(): Handler {
  const node = toNodeHandler(createMcpHandler(() => echoServer()));
  return async (req, res) => node(req, res);
}

function sessionfulHandler(): Handler {
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  return async (req, res) => {
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known) return known.handleRequest(req, res);
    if (typeof id === 'string') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Session not found"}');
      return;
    }
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, transport);
      },
      onsessionclosed: (sessionId) => {
        sessions.delete(sessionId);
      },
    });
    await echoServer().connect(transport);
    await transport.handleRequest(req, res);
  };
}

const mode = readArgs().get('server') ?? 'modern';
if (mode !== 'modern' && mode !== 'sessionful') {
  console.error(`unknown --server ${mode}: use modern or sessionful`);
  process.exit(2);
}
const handle = mode === 'modern' ? modernHandler() : sessionfulHandler();
const http = createServer((req, res) => {
  handle(req, res).catch(() => {
    if (!res.headersSent) res.writeHead(500).end();
  });
});
http.keepAliveTimeout = 60_000;
http.listen(0, '127.0.0.1', () => {
  const { port } = http.address() as AddressInfo;
  console.log(`READY http://127.0.0.1:${port}/mcp`);
});
process.on('SIGTERM', () => http.close(() => process.exit(0)));
