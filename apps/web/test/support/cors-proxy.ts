import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*, authorization',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version, www-authenticate',
};

/**
 * Puts CORS headers in front of an MCP endpoint (the shipped launchers and the published example
 * servers serve no CORS themselves), on a free loopback port. `target` may be a function, read on
 * each request, for an endpoint started after the proxy (one whose resource URL is the proxy's).
 */
export async function corsProxy(target: string | (() => string)): Promise<{ url: string; server: Server }> {
  const server = createServer((incoming, outgoing) => {
    const upstream = new URL(typeof target === 'string' ? target : target());
    if (incoming.method === 'OPTIONS') {
      outgoing.writeHead(204, CORS).end();
      return;
    }
    const { origin: _origin, host: _host, ...headers } = incoming.headers;
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...headers, host: upstream.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...CORS });
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () =>
      outgoing.headersSent ? outgoing.destroy() : outgoing.writeHead(502, CORS).end(),
    );
    // A client that goes away (a closed page ending its event stream) ends the upstream request too.
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) forward.destroy();
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, server };
}
