import type { UrlPolicy } from '@switchboard/autoui';
import type { ApprovalRule } from '@switchboard/core';
import { parseRemoteMcpServers, type RemoteMcpServer } from './remote-mcp-servers.ts';

/** How the app runs: against the gateway, or entirely in the page. */
export type AppMode = 'standalone' | 'gateway';

/** The app's configuration (from `config.json` beside the app, then `?mode=` in the URL). */
export interface AppConfig {
  mode: AppMode;
  /** Base URL of the gateway's API (default: the page's origin). */
  apiBase: string;
  /** Sent as `Authorization: Bearer …` to the gateway, when the gateway needs a key. */
  apiKey?: string;
  /** Gateway mode: how the gateway names its default model (it serves this in `config.json`). */
  modelLabel?: string;
  /** Which URLs widgets may load (image host allowlist). */
  urlPolicy: UrlPolicy;
  /** Raster map tiles (`https://…/{z}/{x}/{y}.png`); maps use the bundled world basemap without it. */
  tileUrl?: string;
  tileAttribution?: string;
  /** Standalone mode: which tool calls need the user's approval (`server:tool` globs). */
  approvalRules: ApprovalRule[];
  /**
   * The MCP Apps sandbox proxy page (`mcp-app-sandbox.html` of the built app) served from ANOTHER
   * origin than the app. Default on loopback: the same server under the other loopback name
   * (127.0.0.1 ↔ localhost). Without one, MCP Apps are not shown.
   */
  mcpAppSandboxUrl?: string;
  /** Standalone mode: remote MCP servers (CORS-enabled, http(s) only) the page connects to. */
  mcpServers: RemoteMcpServer[];
}

/** The file name of the sandbox proxy page in the built app. */
export const MCP_APP_SANDBOX_PAGE = 'mcp-app-sandbox.html';

/**
 * The sandbox proxy page on another origin of the same loopback server: `127.0.0.1` ↔ `localhost`
 * (same port, same path as the app). Undefined off loopback, where a deployment names its own.
 */
export function loopbackSandboxUrl(pageHref: string): string | undefined {
  const url = new URL(MCP_APP_SANDBOX_PAGE, pageHref);
  const other: Record<string, string> = { '127.0.0.1': 'localhost', localhost: '127.0.0.1' };
  if (!other[url.hostname]) return undefined;
  url.hostname = other[url.hostname];
  url.search = '';
  url.hash = '';
  return url.href;
}

/** The defaults: standalone, storage writes need approval. */
export const DEFAULT_CONFIG: AppConfig = Object.freeze({
  mode: 'standalone',
  apiBase: '',
  urlPolicy: {},
  approvalRules: [{ match: 'calculator:set-storage', action: 'ask' }],
  mcpServers: [],
}) as AppConfig;

/**
 * Merges the configuration: defaults, then the `config.json` a gateway serves beside the app, then the
 * page URL's `?mode=standalone|gateway`. Unknown fields are ignored; wrong types fall back to defaults.
 * With the page's URL, the MCP Apps sandbox defaults to {@link loopbackSandboxUrl}.
 */
export function resolveAppConfig(served: unknown, search: string, pageHref?: string): AppConfig {
  const input = (typeof served === 'object' && served !== null ? served : {}) as Record<string, unknown>;
  const urlMode = new URLSearchParams(search).get('mode');
  const mode =
    urlMode === 'gateway' || urlMode === 'standalone'
      ? urlMode
      : input.mode === 'gateway'
        ? 'gateway'
        : DEFAULT_CONFIG.mode;
  const policy = (
    typeof input.urlPolicy === 'object' && input.urlPolicy !== null ? input.urlPolicy : {}
  ) as Record<string, unknown>;
  const strings = (value: unknown) =>
    Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : undefined;
  const rules = Array.isArray(input.approvalRules)
    ? (input.approvalRules as ApprovalRule[]).filter(
        (rule) => typeof rule?.match === 'string' && ['allow', 'ask', 'deny'].includes(rule.action),
      )
    : DEFAULT_CONFIG.approvalRules;
  return {
    mode,
    apiBase: typeof input.apiBase === 'string' ? input.apiBase.replace(/\/+$/, '') : DEFAULT_CONFIG.apiBase,
    ...(typeof input.apiKey === 'string' ? { apiKey: input.apiKey } : {}),
    ...(typeof input.modelLabel === 'string' && input.modelLabel.trim()
      ? { modelLabel: input.modelLabel.trim().slice(0, 120) }
      : {}),
    urlPolicy: {
      ...(strings(policy.imageHosts) ? { imageHosts: strings(policy.imageHosts) } : {}),
      ...(strings(policy.blockedHosts) ? { blockedHosts: strings(policy.blockedHosts) } : {}),
    },
    ...(typeof input.tileUrl === 'string' && /^https:\/\//.test(input.tileUrl)
      ? { tileUrl: input.tileUrl }
      : {}),
    ...(typeof input.tileAttribution === 'string' ? { tileAttribution: input.tileAttribution } : {}),
    approvalRules: rules,
    mcpServers: parseRemoteMcpServers(input.mcpServers),
    ...sandboxUrl(input.mcpAppSandboxUrl, pageHref),
  };
}

function sandboxUrl(configured: unknown, pageHref: string | undefined): { mcpAppSandboxUrl?: string } {
  if (typeof configured === 'string' && /^https?:\/\//.test(configured))
    return { mcpAppSandboxUrl: configured };
  const fallback = pageHref ? loopbackSandboxUrl(pageHref) : undefined;
  return fallback ? { mcpAppSandboxUrl: fallback } : {};
}

/** Fetches `config.json` beside the app (absent → defaults) and resolves the configuration. */
export async function loadAppConfig(location: Location): Promise<AppConfig> {
  let served: unknown;
  try {
    const response = await fetch(new URL('config.json', location.href), { cache: 'no-store' });
    if (response.ok) served = await response.json();
  } catch {
    served = undefined;
  }
  return resolveAppConfig(served, location.search, location.href);
}
