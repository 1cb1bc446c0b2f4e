import type { McpConnection, McpLayer, WebMcpServer } from '@switchboard/core';
import { normalizeToolOutput } from '@switchboard/core';
import type { McpAppToolCall } from '@switchboard/ui';
import type { AppToolCallPlan } from '../mcp-apps/run-app-tool-call.ts';
import { appToolResult } from '../mcp-apps/run-app-tool-call.ts';

/** The servers an MCP App's tool call may reach in standalone mode. */
export interface StandaloneAppToolServers {
  /** The WebMCP servers that run in the page. */
  servers: readonly WebMcpServer[];
  /** The layers of the connected remote MCP servers. */
  remoteLayers: readonly McpLayer[];
  /** The page's connections to remote MCP servers, by server name. */
  remoteConnections: ReadonlyMap<string, Pick<McpConnection, 'callTool'>>;
}

/**
 * The tool an MCP App's `tools/call` names on the app's own server, and how to run it: a WebMCP server
 * of the page (`webmcp`), or a remote MCP server through the page's connection to it (`mcp`).
 */
export function standaloneAppToolTarget(
  call: McpAppToolCall,
  reachable: StandaloneAppToolServers,
): Pick<AppToolCallPlan, 'tool' | 'missing' | 'run'> {
  if (call.protocol === 'mcp') {
    const connection = reachable.remoteConnections.get(call.serverName);
    const layer = reachable.remoteLayers.find((candidate) => candidate.serverName === call.serverName);
    const missing = `this page is not connected to the MCP server "${call.serverName}"`;
    return {
      tool: connection ? layer?.tools.find((candidate) => candidate.name === call.name) : undefined,
      missing: connection ? undefined : missing,
      run: async () => {
        if (!connection) throw new Error(missing);
        const signal = new AbortController().signal;
        return appToolResult(await connection.callTool(call.name, call.arguments, { signal }));
      },
    };
  }
  const server = reachable.servers.find((candidate) => candidate.name === call.serverName);
  return {
    tool: server?.listTools().find((candidate) => candidate.name === call.name),
    missing: server ? undefined : `the server "${call.serverName}" does not run in this page`,
    run: async () => appToolResult(normalizeToolOutput(await server?.executeTool(call.name, call.arguments))),
  };
}
