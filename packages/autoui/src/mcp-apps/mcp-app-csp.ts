import type { UrlPolicy } from '../sanitize/url-policy.ts';
import { hostMatches, PLACEHOLDER_HOSTS } from '../sanitize/url-policy.ts';
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
 * What the host lets an app have of the CSP its resource declares (`_meta.ui.csp`, as the app's own
 * server gave it): the declared sources that are safe ({@link cspSources}), minus those the host's URL
 * policy refuses — hosts it blocks (placeholder hosts by default), a wildcard over a whole top-level
 * domain (`https://*.com`), and, when the policy lists the hosts images may load from, resources
 * (scripts, styles, images, fonts, media) from any other host. Nothing is ever added.
 */
export function hostMcpAppCsp(declared: McpAppCsp | undefined, policy: UrlPolicy): McpAppCsp {
  const blocked = policy.blockedHosts ?? PLACEHOLDER_HOSTS;
  const allowed = (source: string) => {
    const host = sourceHost(source);
    return host.wildcard ? wildcardAllowed(host.name, blocked) : !hostMatches(host.name, blocked);
  };
  const resourceAllowed = (source: string) => {
    if (!policy.imageHosts) return true;
    const host = sourceHost(source);
    return host.wildcard
      ? policy.imageHosts.some((pattern) => pattern.startsWith('*.') && within(host.name, pattern.slice(2)))
      : hostMatches(host.name, policy.imageHosts);
  };
  const csp: McpAppCsp = {};
  for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const sources = cspSources(declared?.[key]).filter(
      (source) => allowed(source) && (key !== 'resourceDomains' || resourceAllowed(source)),
    );
    if (sources.length > 0) csp[key] = sources;
  }
  return csp;
}

/** The host of a source {@link cspSources} kept, lowercased, and whether it is a `*.` wildcard. */
function sourceHost(source: string): { name: string; wildcard: boolean } {
  const authority = source.slice(source.indexOf('://') + 3).split('/')[0];
  const host = authority.split(':')[0].toLowerCase();
  return host.startsWith('*.') ? { name: host.slice(2), wildcard: true } : { name: host, wildcard: false };
}

/** A wildcard `*.domain` passes when it spans less than a top-level domain and no blocked host is under it. */
function wildcardAllowed(domain: string, blocked: readonly string[]): boolean {
  if (!domain.includes('.')) return false;
  return !blocked.some((pattern) => {
    const base = pattern.toLowerCase().replace(/^\*\./, '');
    return within(base, domain) || (pattern.startsWith('*.') && within(domain, base));
  });
}

/** True when `host` is `domain` or a subdomain of it. */
function within(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
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
