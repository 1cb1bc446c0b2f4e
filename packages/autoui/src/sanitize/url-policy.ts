/** Which URLs widgets may use. */
export interface UrlPolicy {
  /**
   * Hosts images may load from (`example.org` or `*.example.org`). When set, image URLs on other hosts
   * are removed; data:image URLs are always allowed. When unset, any http(s) host is allowed.
   */
  imageHosts?: readonly string[];
  /** Hosts whose URLs are always removed (defaults to {@link PLACEHOLDER_HOSTS}). */
  blockedHosts?: readonly string[];
}

/** The kind of a URL field: an image that loads by itself, or a link the user follows. */
export type UrlKind = 'image' | 'link';

/** The verdict on one URL. */
export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/** Hosts models invent in place of real URLs; their URLs never load. */
export const PLACEHOLDER_HOSTS: readonly string[] = Object.freeze([
  'example.com',
  '*.example.com',
  'example.org',
  '*.example.org',
  'example.net',
  '*.example.net',
  '*.example',
  '*.test',
  '*.invalid',
  '*.localhost',
  'placeholder.com',
  '*.placeholder.com',
  'placehold.it',
  'placehold.co',
  'placekitten.com',
  'dummyimage.com',
  'fakeimg.pl',
  'yourdomain.com',
  'your-domain.com',
  'domain.com',
  'image.url',
  'url.com',
]);

const DATA_IMAGE =
  /^data:image\/(png|jpe?g|gif|webp|avif|bmp|svg\+xml)(;charset=[\w-]+)?(;base64)?,[A-Za-z0-9+/=%._~!$&'()*,;:@?-]*$/i;

/**
 * Checks a URL from tool or model output: only http(s) (and data:image for images) pass, placeholder and
 * blocked hosts are refused, image hosts must be on the allowlist when one is set. Returns the normalized URL.
 */
export function checkUrl(value: unknown, kind: UrlKind, policy: UrlPolicy = {}): UrlCheck {
  if (typeof value !== 'string') return { ok: false, reason: 'not a string' };
  const trimmed = value.trim();
  if (/^data:/i.test(trimmed)) {
    if (kind === 'image' && DATA_IMAGE.test(trimmed)) return { ok: true, url: trimmed };
    return {
      ok: false,
      reason: kind === 'image' ? 'only data:image URLs are allowed' : 'data: URLs are not allowed in links',
    };
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, reason: 'not an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: `scheme ${url.protocol} is not allowed` };
  if (url.username || url.password) return { ok: false, reason: 'URLs with credentials are not allowed' };
  const host = url.hostname.toLowerCase();
  if (hostMatches(host, policy.blockedHosts ?? PLACEHOLDER_HOSTS))
    return { ok: false, reason: `placeholder host ${host}` };
  if (kind === 'image' && policy.imageHosts && !hostMatches(host, policy.imageHosts)) {
    return { ok: false, reason: `image host ${host} is not on the allowlist` };
  }
  return { ok: true, url: url.href };
}

/** The URL when it passes {@link checkUrl}, otherwise undefined (for renderers). */
export function safeUrl(value: unknown, kind: UrlKind, policy: UrlPolicy = {}): string | undefined {
  const check = checkUrl(value, kind, policy);
  return check.ok ? check.url : undefined;
}

/** True when `host` equals a pattern or, for `*.domain`, is a subdomain of it. */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    const wanted = pattern.toLowerCase();
    if (wanted.startsWith('*.')) return host.endsWith(wanted.slice(1));
    return host === wanted;
  });
}
