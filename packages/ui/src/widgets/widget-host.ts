import type { McpAppToolResult, McpAppWidgetData, UrlPolicy } from '@switchboard/autoui';
import { getContext, setContext } from 'svelte';

/**
 * An MCP App's `tools/call`: the tool name and arguments the app sent, and the server the app came
 * from (its block's `serverName` and `protocol`, which the host's presenter wrote from the tool that
 * declares the app). The host finds that server itself, runs the tool only there, and decides the
 * approval policy against the server it found: nothing here names another server.
 */
export interface McpAppToolCall extends Pick<McpAppWidgetData, 'serverName' | 'protocol'> {
  name: string;
  arguments: Record<string, unknown>;
}

/** What widgets need from the page: the URL policy, map tiles, and how buttons and forms talk back. */
export interface WidgetHost {
  urlPolicy: UrlPolicy;
  /** A raster tile URL template (`https://…/{z}/{x}/{y}.png`); without it maps use the bundled world basemap. */
  tileUrl?: string;
  tileAttribution?: string;
  /** Sends text to the conversation as the user (actions buttons, form submissions). */
  sendMessage?: (text: string) => void;
  /** Calls a tool by its full name (actions buttons). */
  callTool?: (name: string, args: Record<string, unknown>) => void;
  /**
   * The MCP Apps sandbox proxy page, served from another origin than this page (see apps/web's
   * `mcpAppSandboxUrl`). Without it, MCP Apps are not shown.
   */
  mcpAppSandboxUrl?: string;
  /** Runs an MCP App's `tools/call` under the approval policy; failures come back as `isError` results. */
  callAppTool?: (call: McpAppToolCall) => Promise<McpAppToolResult>;
}

const HOST = Symbol('switchboard.widget-host');
const DEFAULT_HOST: WidgetHost = { urlPolicy: {} };

/** Makes `host` available to every widget rendered below the calling component. */
export function setWidgetHost(host: WidgetHost): void {
  setContext(HOST, host);
}

/** The widget host of the surrounding component tree (a no-op host with the default URL policy when none was set). */
export function getWidgetHost(): WidgetHost {
  return getContext<WidgetHost | undefined>(HOST) ?? DEFAULT_HOST;
}
