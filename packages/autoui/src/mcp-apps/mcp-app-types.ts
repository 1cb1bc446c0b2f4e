/** The widget type of an MCP App on the canvas (produced by the host, never by `widget_display`). */
export const MCP_APP_WIDGET = 'mcp-app';

/** The MIME type of an MCP App's HTML resource. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The origins an MCP App declares in its resource's `_meta.ui.csp` (MCP Apps 2026-01-26). */
export interface McpAppCsp {
  /** Origins it may connect to (fetch, XHR, WebSocket): `connect-src`. */
  connectDomains?: string[];
  /** Origins of its scripts, styles, images, fonts and media. */
  resourceDomains?: string[];
  /** Origins of nested frames: `frame-src`. */
  frameDomains?: string[];
  /** Allowed `<base href>` origins: `base-uri`. */
  baseUriDomains?: string[];
}

/** Browser capabilities an MCP App asks for (`_meta.ui.permissions`); a host may grant them or not. */
export interface McpAppPermissions {
  camera?: object;
  microphone?: object;
  geolocation?: object;
  clipboardWrite?: object;
}

/** A tool result as an MCP App receives it (`ui/notifications/tool-result`, the MCP `CallToolResult`). */
export interface McpAppToolResult {
  content: Array<{ type: string; [key: string]: unknown }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The HTML of an MCP App and what its resource declares about it. */
export interface McpAppResource {
  resourceUri: string;
  html: string;
  csp?: McpAppCsp;
  permissions?: McpAppPermissions;
  prefersBorder?: boolean;
}

/**
 * The data of an `mcp-app` canvas block: the app, the call that opened it, and where its tools live.
 * Only the host's presenter (`McpAppPresenter`) makes one, from the tool that declares the app.
 */
export interface McpAppWidgetData extends McpAppResource {
  /**
   * The server as the catalog names it (sanitized; the `{server}` of `{server}_mcp_{tool}`). No call is
   * routed or decided by it.
   */
  server: string;
  /**
   * The server's own name (its layer's `serverName`): the app's tool calls go to this server only, and
   * the host decides their approval against the server it finds by this name (with `protocol`).
   */
  serverName: string;
  protocol: 'mcp' | 'webmcp';
  toolName: string;
  title?: string;
  toolInput: Record<string, unknown>;
  toolResult: McpAppToolResult;
}
