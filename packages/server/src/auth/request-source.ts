import type { MiddlewareHandler } from 'hono';

/**
 * Where the gateway accepts requests from: the `Host` names people reach it by, and the web pages
 * (`Origin`) allowed to call it. A page on another site — or one that re-points its own name at the
 * gateway's address (DNS rebinding) — is refused before any route runs.
 */
export interface RequestSources {
  /** Host names (no port) the gateway answers to; `any` when the operator lifted the check. */
  hosts: ReadonlySet<string> | 'any';
  /** Origins (`scheme://host[:port]`) of pages allowed to call it besides its own. */
  origins: ReadonlySet<string>;
}

/** The names every gateway answers to: this machine's loopback names. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Why a request was refused: its `Host` or its `Origin` (or fetch metadata) is not the gateway's. */
export interface RequestSourceRefusal {
  code: 'forbidden_host' | 'forbidden_origin';
  message: string;
}

/**
 * The sources a gateway accepts: loopback names, the host of its public URL and the hosts the
 * operator lists (`*` lifts the host check); its own origin, the public URL's, and the listed origins.
 */
export function requestSources(options: {
  publicUrl?: string;
  allowedHosts?: readonly string[];
  allowedOrigins?: readonly string[];
}): RequestSources {
  const listed = options.allowedHosts ?? [];
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl) : undefined;
  const hosts = listed.includes('*')
    ? 'any'
    : new Set(
        // A listed `name:port` names the host; the port is the listener's business.
        [...LOOPBACK_HOSTS, ...(publicOrigin ? [publicOrigin.hostname] : []), ...listed].map((host) =>
          host.toLowerCase().replace(/:\d+$/, ''),
        ),
      );
  const origins = new Set(
    [...(publicOrigin ? [publicOrigin.origin] : []), ...(options.allowedOrigins ?? [])].map((origin) =>
      new URL(origin).origin.toLowerCase(),
    ),
  );
  return { hosts, origins };
}

/**
 * Checks a request's `Host`, `Origin` and fetch metadata (`Sec-Fetch-Site`, `Sec-Fetch-Mode`):
 * the host must be one the gateway answers to; a page may call it only from the gateway's own
 * origin (the `Host` it reached), its public URL or a listed origin; a browser request that says
 * it comes from another site (or another port of this one) is refused unless it is a top-level
 * navigation (opening a page, an OAuth redirect coming back). Requests without these headers
 * (scripts, MCP clients, the CLI) pass on their `Host` alone.
 */
export function checkRequestSource(
  request: Request,
  sources: RequestSources,
): RequestSourceRefusal | undefined {
  // A request built in process (`gateway.fetch`) may carry no Host header: its URL names the host.
  const host = (request.headers.get('host') ?? new URL(request.url).host).toLowerCase();
  const hostname = host.replace(/:\d*$/, '');
  if (sources.hosts !== 'any' && !sources.hosts.has(hostname)) {
    return {
      code: 'forbidden_host',
      message: `this gateway does not answer to the host ${JSON.stringify(host)}; the operator lists the names people use in "allowedHosts" or sets "publicUrl"`,
    };
  }
  const origin = request.headers.get('origin');
  if (origin !== null) {
    if (!isAllowedOrigin(origin, host, sources))
      return {
        code: 'forbidden_origin',
        message: `requests from pages at ${JSON.stringify(origin)} are refused; only the gateway's own web app (or an origin in "allowedOrigins") may call it`,
      };
    return undefined;
  }
  const site = request.headers.get('sec-fetch-site');
  const navigation = request.headers.get('sec-fetch-mode') === 'navigate' && request.method === 'GET';
  if (site !== null && site !== 'same-origin' && site !== 'none' && !navigation) {
    return {
      code: 'forbidden_origin',
      message: `a ${site} request from another page is refused; only the gateway's own web app may call it`,
    };
  }
  return undefined;
}

function isAllowedOrigin(origin: string, host: string, sources: RequestSources): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // `null` (sandboxed frames, files) and anything else unparsable
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return parsed.host === host || sources.origins.has(parsed.origin.toLowerCase());
}

/** The probes' routes, open to any host. */
const PROBE_PATHS = new Set(['/health', '/ready']);

/**
 * Refuses (403, the API's JSON error) every request whose source {@link checkRequestSource}
 * refuses, before any route runs — `/mcp` included. `/health` and `/ready` stay open to any host,
 * for probes that address a replica by its IP (they say only that the replica runs and whether it
 * takes requests). The sources are read at each request (listening on an address adds it).
 */
export function refuseForeignSources(services: { requestSources: RequestSources }): MiddlewareHandler {
  return async (c, next) => {
    if (PROBE_PATHS.has(c.req.path)) return next();
    const refused = checkRequestSource(c.req.raw, services.requestSources);
    if (!refused) return next();
    return c.json({ success: false, error: refused }, 403);
  };
}
