import type { McpToolDef } from '@switchboard/core';
import { cspSources } from './mcp-app-csp.ts';
import type { McpAppCsp, McpAppPermissions, McpAppResource } from './mcp-app-types.ts';
import { MCP_APP_MIME_TYPE } from './mcp-app-types.ts';

/** One content of a `resources/read` answer (MCP's shape; WebMCP servers give the same). */
export interface ResourceContent {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
  _meta?: Record<string, unknown>;
}

/** A `resources/read` answer. */
export interface ResourceReadResult {
  contents: ResourceContent[];
}

/** Who may call a tool, per its `_meta.ui.visibility` (default: both the model and the app). */
export type ToolVisibility = 'model' | 'app';

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** The `ui://` resource a tool renders its results with (`_meta.ui.resourceUri`, or the legacy `_meta["ui/resourceUri"]`). */
export function mcpAppResourceUri(tool: Pick<McpToolDef, '_meta'>): string | undefined {
  const uri = record(record(tool._meta)?.ui)?.resourceUri ?? record(tool._meta)?.['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/** Who may call the tool: `_meta.ui.visibility`, `['model', 'app']` when absent or malformed. */
export function toolVisibility(tool: Pick<McpToolDef, '_meta'>): ToolVisibility[] {
  const declared = record(record(tool._meta)?.ui)?.visibility;
  if (!Array.isArray(declared)) return ['model', 'app'];
  return declared.filter((item): item is ToolVisibility => item === 'model' || item === 'app');
}

/**
 * The app in a `resources/read` answer: the content with that URI (or the only one), which must be
 * `text/html;profile=mcp-app` given as text or base64 — with what its `_meta.ui` declares (CSP origins,
 * permissions, border preference). Throws an explanatory error otherwise.
 */
export function mcpAppFromResource(read: ResourceReadResult, resourceUri: string): McpAppResource {
  const contents = Array.isArray(read?.contents) ? read.contents : [];
  const content =
    contents.find((item) => item?.uri === resourceUri) ?? (contents.length === 1 ? contents[0] : undefined);
  if (!content) throw new Error(`the MCP App resource ${resourceUri} was not in the server's answer`);
  const mimeType = (content.mimeType ?? '').replace(/\s+/g, '').toLowerCase();
  if (mimeType !== MCP_APP_MIME_TYPE) {
    throw new Error(
      `the MCP App resource ${resourceUri} has MIME type "${content.mimeType ?? 'none'}"; expected ${MCP_APP_MIME_TYPE}`,
    );
  }
  const html =
    typeof content.text === 'string'
      ? content.text
      : typeof content.blob === 'string'
        ? decodeBase64(content.blob)
        : undefined;
  if (html === undefined || html.trim() === '')
    throw new Error(`the MCP App resource ${resourceUri} has no HTML (neither text nor blob)`);
  const ui = record(record(content._meta)?.ui) ?? {};
  const app: McpAppResource = { resourceUri, html };
  const csp = declaredCsp(ui.csp);
  if (csp) app.csp = csp;
  const permissions = declaredPermissions(ui.permissions);
  if (permissions) app.permissions = permissions;
  if (typeof ui.prefersBorder === 'boolean') app.prefersBorder = ui.prefersBorder;
  return app;
}

function declaredCsp(value: unknown): McpAppCsp | undefined {
  const declared = record(value);
  if (!declared) return undefined;
  const csp: McpAppCsp = {};
  for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const sources = cspSources(declared[key]);
    if (sources.length > 0) csp[key] = sources;
  }
  return csp;
}

function declaredPermissions(value: unknown): McpAppPermissions | undefined {
  const declared = record(value);
  if (!declared) return undefined;
  const permissions: McpAppPermissions = {};
  for (const key of ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const)
    if (record(declared[key])) permissions[key] = {};
  return Object.keys(permissions).length > 0 ? permissions : undefined;
}

function decodeBase64(data: string): string {
  const binary = atob(data);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}
