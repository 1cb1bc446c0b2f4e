import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  localhostHostValidation,
  localhostOriginValidation,
  toNodeHandler,
} from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  createMcpHandler,
  type McpServerFactory,
  type ServerEventBus,
  type ServerNotifier,
} from '@modelcontextprotocol/server';
import { type ProtectedResourceOptions, protectResource } from './protect-resource.ts';

/** Options of {@link serveHttp}. */
export interface ServeHttpOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind; defaults to 127.0.0.1 (loopback only). */
  host?: string;
  /** URL path of the MCP endpoint; defaults to `/mcp`. */
  path?: string;
  /**
   * Resolves the caller of a request (e.g. from a bearer token checked by a gateway). The
   * result reaches tools as `ctx.http.authInfo` (and the server factory as `authInfo`); the shop
   * keys carts on it. A request it does not authenticate (`undefined`) is refused: 401 with a
   * JSON-RPC error, before any server sees it. Not with {@link oauth}.
   */
  authenticate?: (request: IncomingMessage) => AuthInfo | undefined;
  /**
   * Makes the endpoint an OAuth protected resource (MCP authorization): every request needs a
   * bearer token from `issuer` for this resource, the protected-resource metadata is served, and
   * the token's user reaches tools as `ctx.http.authInfo` (`extra.sub`). See {@link ProtectedResourceOptions}.
   */
  oauth?: ProtectedResourceOptions;
  /** The change-event bus the listen streams hear {@link HttpServing.notify} on (default: the SDK's in-process one). */
  bus?: ServerEventBus;
}

/** A server listening for Streamable HTTP. */
export interface HttpServing {
  /** The endpoint's URL, e.g. `http://127.0.0.1:43121/mcp`. */
  url: string;
  /**
   * Announces that the server's tools, resources or prompts changed, to the clients listening for
   * it (2026-07-28 `subscriptions/listen` streams; 2025-era traffic is stateless and hears nothing).
   */
  notify: ServerNotifier;
  /** Stops listening and ends open exchanges. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** JSON-RPC's code for a request refused because its caller is not authenticated (as MCP servers use it). */
const UNAUTHORIZED_CODE = -32001;

function refuseUnauthenticated(response: ServerResponse): void {
  const body = {
    jsonrpc: '2.0',
    id: null,
    error: {
      code: UNAUTHORIZED_CODE,
      message:
        'Unauthorized: this server answers only callers it can authenticate (its gateway, for a user).',
    },
  };
  response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * Serves MCP over Streamable HTTP (the SDK's `createMcpHandler`: the 2026 per-request protocol and
 * the stateless 2025 fallback). On a loopback interface the Host header and, when present, the
 * Origin header must name localhost (403 otherwise): this blocks DNS-rebinding attacks and requests
 * from other sites' web pages, as the MCP transport specification requires. With `oauth`, requests
 * need an access token from the authorization server (see {@link protectResource}).
 */
export async function serveHttp(
  createServer: McpServerFactory,
  options: ServeHttpOptions = {},
): Promise<HttpServing> {
  if (options.oauth && options.authenticate) {
    throw new TypeError('serveHttp: give either `oauth` or `authenticate`, not both.');
  }
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const handler = createMcpHandler(createServer, {
    onerror: (error) => process.stderr.write(`[mcp http] ${error.message}\n`),
    ...(options.bus ? { bus: options.bus } : {}),
  });
  const guards = LOOPBACK.has(host) ? [localhostHostValidation(), localhostOriginValidation()] : [];

  // Requests are taken once the URL, and with it the default resource identifier, is known.
  const server = createHttpServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}${path}`;
  const protectedResource =
    options.oauth && protectResource(handler, { ...options.oauth, resource: options.oauth.resource ?? url });
  const documentPaths = protectedResource ? protectedResource.documentPaths : new Set<string>();
  const handle = toNodeHandler(protectedResource || handler);

  server.on('request', (request, response) => {
    if (!guards.every((guard) => guard(request, response))) return;
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname !== path && !documentPaths.has(pathname)) {
      response
        .writeHead(404, { 'content-type': 'text/plain' })
        .end(`Not found; the MCP endpoint is ${path}\n`);
      return;
    }
    const auth = options.authenticate?.(request);
    if (options.authenticate && !auth) {
      refuseUnauthenticated(response);
      return;
    }
    void handle(Object.assign(request, auth ? { auth } : {}), response);
  });

  return {
    url,
    notify: handler.notify,
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
