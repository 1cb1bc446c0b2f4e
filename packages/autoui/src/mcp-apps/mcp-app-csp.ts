import type { McpAppCsp } from './mcp-app-types.ts';

/**
 * A CSP source an app may declare: an http(s) or ws(s) origin, optionally with a `*.` subdomain
 * wildcard, a port (or `*`) and a path. Scheme-only sources (`https:`), `*`, keywords and anything
 * that could end a directive (`;`, `,`, quotes, spaces) are refused.
 */
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?(\/[\w\-./~%]*)?$/i;

/** The declared sources that are safe to put in a policy, without duplicates. */
export function cspSources(declared: unknown): string[] {
  if (!Array.isArray(declared)) return [];
  return [
    ...new Set(declared.filter((item): item is string => typeof item === 'string' && SOURCE.test(item))),
  ];
}

/**
 * The Content-Security-Policy of an MCP App's document, from the origins its resource declares. It
 * follows the MCP Apps defaults and tightens them: nothing loads unless listed (`default-src 'none'`);
 * scripts and styles are inline or from the declared resource origins; images and media also from
 * `data:`; no network connection, nested frame or `<base>` unless declared; no plugins, no form
 * submissions. The app runs in an opaque origin, so `'self'` would match nothing and is left out.
 * `frame-ancestors` cannot be set from a document, so the sandbox proxy page sends it as a header
 * ({@link sandboxProxyCsp}).
 */
export function buildMcpAppCsp(csp: McpAppCsp = {}): string {
  const resources = cspSources(csp.resourceDomains);
  const list = (fixed: string[], extra: string[]) => [...fixed, ...extra].join(' ') || "'none'";
  return [
    "default-src 'none'",
    `script-src ${list(["'unsafe-inline'"], resources)}`,
    `style-src ${list(["'unsafe-inline'"], resources)}`,
    `img-src ${list(['data:'], resources)}`,
    `font-src ${list(['data:'], resources)}`,
    `media-src ${list(['data:'], resources)}`,
    `connect-src ${list([], cspSources(csp.connectDomains))}`,
    `frame-src ${list([], cspSources(csp.frameDomains))}`,
    `base-uri ${list([], cspSources(csp.baseUriDomains))}`,
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The Content-Security-Policy header of the sandbox proxy page: only the given host origins may frame
 * it. Serve the page with this header (its own scripts are external files; the app's policy arrives
 * with the app, see {@link buildMcpAppCsp}).
 */
export function sandboxProxyCsp(hostOrigins: readonly string[]): string {
  const ancestors = hostOrigins.filter((origin) => SOURCE.test(origin));
  return `frame-ancestors ${ancestors.join(' ') || "'none'"}`;
}
