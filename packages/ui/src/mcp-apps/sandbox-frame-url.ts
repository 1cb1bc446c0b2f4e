import { HOST_ORIGIN_PARAM } from './sandbox-protocol.ts';

/** Where the sandbox proxy frame loads from, or why it cannot. */
export type SandboxFrameUrl = { ok: true; url: string; origin: string } | { ok: false; error: string };

/**
 * The URL of the sandbox proxy frame for a page at `pageOrigin`: the configured proxy page with
 * `?host=<pageOrigin>`. Refused when none is configured, when it is not http(s), or when it has the
 * page's own origin (the app could then reach the page).
 */
export function sandboxFrameUrl(configured: string | undefined, pageOrigin: string): SandboxFrameUrl {
  if (!configured)
    return {
      ok: false,
      error:
        'MCP Apps need a sandbox page on another origin than this page; set mcpAppSandboxUrl in config.json.',
    };
  let url: URL;
  try {
    url = new URL(configured, pageOrigin);
  } catch {
    return { ok: false, error: `mcpAppSandboxUrl is not a URL: "${configured}"` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, error: `mcpAppSandboxUrl must be an http(s) URL, got "${configured}"` };
  if (url.origin === pageOrigin)
    return {
      ok: false,
      error: `mcpAppSandboxUrl (${url.origin}) has this page's origin; MCP Apps need the sandbox on another origin.`,
    };
  url.searchParams.set(HOST_ORIGIN_PARAM, pageOrigin);
  return { ok: true, url: url.href, origin: url.origin };
}
