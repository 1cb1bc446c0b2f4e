import type { McpAppWidgetData } from '@switchboard/autoui';
import type { McpAppToolCall } from './widget-host.ts';

/**
 * The `tools/call` an MCP App sends, as the host passes it on to the page: the tool name and
 * arguments the app chose, and the server of the app's canvas block (the one the host's presenter
 * read the app from). Nothing else of the block — its catalog name `server` above all — has a say in
 * where the call goes or which approval rules it is under.
 */
export function mcpAppToolCall(
  app: Pick<McpAppWidgetData, 'serverName' | 'protocol'>,
  name: string,
  args: Record<string, unknown>,
): McpAppToolCall {
  return { serverName: app.serverName, protocol: app.protocol, name, arguments: args };
}
