/** A link a server asks the person to open, as the page may offer it. */
export interface ExternalLink {
  /** The normalized URL to open. */
  href: string;
  /** Its host as the browser reads it (punycode for international names), to show prominently. */
  host: string;
}

/**
 * The link to offer for an untrusted URL: only absolute http(s) URLs with a host, never `javascript:`,
 * `data:` or the like. Credentials in the URL are dropped so they cannot pose as the host.
 */
export function externalLink(url: unknown): ExternalLink | undefined {
  if (typeof url !== 'string' || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || !parsed.host) return undefined;
  parsed.username = '';
  parsed.password = '';
  return { href: parsed.href, host: parsed.host };
}
