import { readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { sandboxProxyCsp } from '@switchboard/autoui/mcp-app-csp';
import type { Context, MiddlewareHandler } from 'hono';

/** The MCP Apps sandbox proxy page of the built app (it must be framed from another origin). */
const SANDBOX_PAGE = '/mcp-app-sandbox.html';
const OTHER_LOOPBACK_NAME: Record<string, string> = { '127.0.0.1': 'localhost', localhost: '127.0.0.1' };

/** How the gateway presents the web app it serves. */
export interface WebAppOptions {
  /**
   * Fields added to the app's `config.json` after `{mode: 'gateway', apiBase: ''}` (e.g.
   * `mcpAppSandboxUrl`, `tileUrl`, `urlPolicy`). A `config.json` file in the app's folder wins.
   */
  config?: Record<string, unknown>;
  /**
   * The app's origins, the only pages allowed to frame the MCP Apps sandbox proxy page
   * (`frame-ancestors`). Default: on loopback, the other loopback name on the same port
   * (`127.0.0.1` ↔ `localhost`), which is where the app's default sandbox URL points; elsewhere none.
   */
  appOrigins?: readonly string[];
}

/**
 * Serves the built web app from `webDir`: its files as they are, `config.json` (connected mode
 * against this gateway, unless the folder holds its own; never an `apiKey`, since
 * anyone who can load the page can read it), the MCP Apps sandbox proxy page with its
 * `Content-Security-Policy: frame-ancestors` header, and `index.html` for page navigations (GET with
 * `Accept: text/html`) to any other path outside `/api/`, so the app's own routes work on reload.
 * Everything else falls through to the API.
 */
export function serveWebApp(webDir: string, options: WebAppOptions = {}): MiddlewareHandler {
  const root = resolve(webDir);
  const files = serveStatic({ root });
  const index = serveStatic({ root, rewriteRequestPath: () => '/index.html' });
  const config = { mode: 'gateway', apiBase: '', ...options.config };
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = safeDecode(c.req.path);
    const target = path && resolve(root, `.${path}`);
    const exists = target?.startsWith(root + sep) && isFile(target);
    if (path === '/config.json') {
      c.header('Cache-Control', 'no-store');
      return c.json(withoutCredentials(exists && target ? readJson(target) : config));
    }
    if (path === SANDBOX_PAGE)
      c.header('Content-Security-Policy', sandboxProxyCsp(options.appOrigins ?? loopbackAppOrigins(c)));
    if (exists) return files(c, next);
    if (!path?.startsWith('/api/') && (c.req.header('accept') ?? '').includes('text/html'))
      return index(c, next);
    return next();
  };
}

/** The app's origin when the sandbox page is asked for under one loopback name: the other one, same port. */
function loopbackAppOrigins(c: Context): string[] {
  const url = new URL(c.req.url);
  const other = OTHER_LOOPBACK_NAME[url.hostname];
  return other ? [`${url.protocol}//${other}${url.port ? `:${url.port}` : ''}`] : [];
}

/** The app's configuration without credentials: a key in a file everyone can fetch is no secret. */
function withoutCredentials(config: Record<string, unknown>): Record<string, unknown> {
  const { apiKey: _dropped, ...rest } = config;
  return rest;
}

function readJson(path: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function safeDecode(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
