import { statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';

/**
 * Serves the built web app from `webDir`: its files as they are, and `index.html` for page
 * navigations (GET with `Accept: text/html`) to any other path outside `/api/`, so the app's own
 * routes work on reload. Everything else falls through to the API.
 */
export function serveWebApp(webDir: string): MiddlewareHandler {
  const root = resolve(webDir);
  const files = serveStatic({ root });
  const index = serveStatic({ root, rewriteRequestPath: () => '/index.html' });
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = safeDecode(c.req.path);
    const target = path && resolve(root, `.${path}`);
    if (target?.startsWith(root + sep) && isFile(target)) return files(c, next);
    if (!path?.startsWith('/api/') && (c.req.header('accept') ?? '').includes('text/html'))
      return index(c, next);
    return next();
  };
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
