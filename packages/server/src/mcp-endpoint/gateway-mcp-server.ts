import {
  type CallToolResult,
  type InputRequiredResult,
  Server,
  type Tool,
} from '@modelcontextprotocol/server';
import type { User } from '../auth/user.ts';
import { type EndpointMode, resolveEndpointMode } from '../services/endpoint-mode.ts';
import type { ActivatedTools } from './activated-tools.ts';
import { answerDiscoveryTool } from './answer-discovery-tool.ts';
import { callEndpointTool, type EndpointCallDeps, errorResult } from './call-endpoint-tool.ts';
import { registerCompletionPassThrough } from './completion-pass-through.ts';
import { DISCOVERY_TOOLS, isDiscoveryToolName } from './discovery-tools.ts';
import type { EndpointCatalog, EndpointTool } from './endpoint-catalog.ts';
import type { EndpointCatalogs } from './endpoint-catalogs.ts';
import { TASKS_EXTENSION } from './endpoint-tasks.ts';
import type { ListeningSession } from './list-change-forwarding.ts';
import { registerPromptPassThrough } from './prompt-pass-through.ts';
import { registerResourcePassThrough } from './resource-pass-through.ts';
import { registerResourceSubscriptionPassThrough } from './resource-subscription-pass-through.ts';
import type { ResourceSubscriptions } from './resource-subscriptions.ts';

/** What the gateway's MCP server needs: the users' catalogs and the rules calls follow. */
export interface GatewayMcpServerDeps extends EndpointCallDeps {
  catalogs: EndpointCatalogs;
  /** The clients' resource subscriptions, shared per underlying connection. */
  subscriptions: ResourceSubscriptions;
  /** The mode of a connection that names none; absent: by the number of servers (`globalThreshold`). */
  defaultMode?: EndpointMode;
  /** Servers above which a connection that names no mode gets discovery mode. */
  globalThreshold?: number;
}

/** One client connection: its user, the mode it asked for, the tools it activated. */
export interface EndpointConnection {
  user: User;
  /** The mode from `?mode=`; undefined lets the number of servers decide. */
  requestedMode?: EndpointMode;
  activated: ActivatedTools;
  /** Tells the client its tool list changed (a session's notification, or the 2026 listen streams). */
  announceToolsChanged: (server: Server) => void;
  /** Given the connection's server, to forward its servers' list changes to it (2025 sessions). */
  watchLists?: (session: ListeningSession) => void;
  /** Offers the tasks extension (2026-07-28 requests): `tasks/get`, `tasks/update`, `tasks/cancel`. */
  servesTasks?: boolean;
}

const INSTRUCTIONS =
  'Switchboard: every MCP server of the user behind one connection. Find tools with search_tools, read one with describe_tool, run one with call_tool (or directly, once it is in your tool list).';

/**
 * The gateway as an MCP server for one connection (a 2025 session) or one request (2026): the
 * user's tools in discovery or aggregate mode, calls routed through the user's own connections
 * under the gateway's rules (see {@link callEndpointTool}).
 */
export function createGatewayMcpServer(deps: GatewayMcpServerDeps, connection: EndpointConnection): Server {
  const server = new Server(
    { name: 'switchboard', title: 'Switchboard gateway', version: '0.1.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        completions: {},
        logging: {},
        ...(connection.servesTasks && deps.tasks ? { extensions: { [TASKS_EXTENSION]: {} } } : {}),
      },
      instructions: INSTRUCTIONS,
      requestState: { verify: deps.requestState.verify },
    },
  );
  let mode: EndpointMode | undefined;
  const modeOf = (catalog: EndpointCatalog) => {
    mode ??= resolveEndpointMode(
      connection.requestedMode ?? deps.defaultMode,
      catalog.serverCount,
      deps.globalThreshold,
    );
    connection.activated.servedIn = mode;
    return mode;
  };

  server.setRequestHandler('tools/list', async () => {
    const { catalog } = await deps.catalogs.get(connection.user);
    if (modeOf(catalog) === 'aggregate') return { tools: [...catalog.tools.values()].map(toProtocolTool) };
    const activated = connection.activated.names.flatMap((name) => {
      const tool = catalog.tools.get(name);
      return tool ? [toProtocolTool(tool)] : [];
    });
    return { tools: [...DISCOVERY_TOOLS, ...activated] };
  });

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const userCatalog = await deps.catalogs.get(connection.user);
    const { catalog } = userCatalog;
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const run = (tool: EndpointTool, toolArgs: Record<string, unknown>) =>
      project(
        server,
        callEndpointTool(deps, connection.user, tool, toolArgs, ctx, server.getClientCapabilities() ?? {}),
      );
    if (modeOf(catalog) === 'discovery' && isDiscoveryToolName(name)) {
      const answer = await answerDiscoveryTool(name, args, userCatalog);
      if ('call' in answer) return run(answer.call.tool, answer.call.arguments);
      if (answer.found.length > 0 && connection.activated.add(answer.found))
        connection.announceToolsChanged(server);
      return answer.result;
    }
    const tool = catalog.tools.get(name);
    if (!tool) return errorResult(unknownTool(name, modeOf(catalog)));
    return run(tool, args);
  });
  registerResourcePassThrough(server, deps.catalogs, connection.user);
  registerResourceSubscriptionPassThrough(server, deps.catalogs, deps.subscriptions, connection.user);
  registerPromptPassThrough(server, deps.catalogs, connection.user, deps);
  registerCompletionPassThrough(server, deps.catalogs, connection.user);
  if (connection.servesTasks) deps.tasks?.register(server, connection.user);
  connection.watchLists?.({
    user: connection.user,
    server,
    showsToolsOf: (serverName) => connection.activated.showsToolsOf(serverName),
  });
  return server;
}

/** The tool as the endpoint lists it: its endpoint name, everything else (schemas verbatim) as the server gave it. */
function toProtocolTool(entry: EndpointTool): Tool {
  const { tool } = entry;
  return {
    name: entry.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description ?? '',
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Tool['outputSchema'] } : {}),
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
    ...(tool._meta ? { _meta: tool._meta } : {}),
  };
}

async function project(
  server: Server,
  pending: Promise<CallToolResult | InputRequiredResult>,
): Promise<CallToolResult | InputRequiredResult> {
  const result = await pending;
  // An input round or a task (CreateTaskResult) is no tool result to project.
  const resultType = (result as { resultType?: unknown }).resultType;
  return resultType === 'input_required' || resultType === 'task'
    ? result
    : server.projectCallToolResult(result as CallToolResult, undefined);
}

function unknownTool(name: string, mode: EndpointMode): string {
  const shown = JSON.stringify(name.slice(0, 100));
  return mode === 'discovery'
    ? `Unknown tool ${shown}. Find tools with search_tools and run them with call_tool.`
    : `Unknown tool ${shown}: it is not among the tools this connection listed (tools/list).`;
}
