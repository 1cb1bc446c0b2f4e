import type {
  AgentLoopOptions,
  ApprovalPolicy,
  ClientLayer,
  LanguageModel,
  SchemaValidator,
  ToolLayer,
} from '@switchboard/core';
import type { McpConnection } from '@switchboard/core/node';
import type { User } from '../auth/user.ts';
import type { CallGate } from '../calls/call-gate.ts';
import type { GatewayLimits } from '../limits/gateway-limits.ts';
import type { ClientToolDeclaration, ConversationRow } from '../store/conversation.ts';
import type { ServerRow } from '../store/server-store.ts';
import type { ServerRegistry, UnavailableServer } from '../upstream/server-registry.ts';
import type { CatalogCache } from './catalog-cache.ts';
import type { ModelResolver } from './model-resolver.ts';

/** The name of the layer holding the tools a client declares (tools are named `client_webmcp_<name>`). */
export const CLIENT_LAYER_NAME = 'client';

/** What a turn's setup reads from the gateway. */
export interface TurnSetupDeps {
  registry: ServerRegistry;
  /** Local layers every conversation gets (e.g. the UI layer). */
  extraLayers: readonly ToolLayer[];
  catalogs: CatalogCache;
  /** Validates tool inputs; shared so each tool's schema is compiled once, not once per turn. */
  validator: SchemaValidator;
  models: ModelResolver;
  limits: GatewayLimits;
  /** The deployment's approval policy. */
  approvalPolicy: () => Promise<ApprovalPolicy | undefined>;
  /** The gateway's call gate: a turn's calls are written to its audit trail (the loop decides their approval). */
  calls: CallGate;
}

/** The agent-loop options of a turn (the session and signal are added by the runner). */
export interface TurnSetup {
  model: LanguageModel;
  options: AgentLoopOptions;
  /** The turn's MCP connections by server name (shared ones and the user's own). */
  clients: ReadonlyMap<string, McpConnection>;
  /** Servers left out because the user has not connected them (OAuth). */
  needsAuthorization: ServerRow[];
  /** OAuth servers the user has connected: a refusal mid-turn asks them to connect again. */
  connected: ServerRow[];
  /** Servers left out because they could not be reached (e.g. no answer within the deadline). */
  unavailable: UnavailableServer[];
}

/**
 * Builds a turn's loop options from its conversation: tools of the running servers its user may use
 * (only the enabled ones when the conversation lists some), the extra local layers and the client's
 * declared tools; the conversation's limits capped by the deployment's; the conversation's approval
 * rules before the deployment's; the system prompt and context; the model; the servers' clients
 * writing each call to the audit trail. OAuth servers the user has not connected are left out and
 * listed in `needsAuthorization`, servers that could not be reached in `unavailable`.
 */
export async function prepareTurn(deps: TurnSetupDeps, user: User, row: ConversationRow): Promise<TurnSetup> {
  const model = deps.models.resolve(row.model);
  const tools = await deps.registry.toolsFor(user, row.enabled_tools);
  const layers: ToolLayer[] = [...tools.layers, ...deps.extraLayers];
  if (row.client_tools.length > 0) layers.push(clientLayer(row.client_tools));
  const catalog = deps.catalogs.get(layers);
  const deployment = await deps.approvalPolicy();
  const cap = (wanted: number | undefined, limit: number) => Math.min(wanted ?? limit, limit);
  return {
    model,
    clients: tools.clients,
    needsAuthorization: tools.needsAuthorization,
    connected: tools.connected,
    unavailable: tools.unavailable,
    options: {
      provider: model,
      layers: catalog.servers.map((server) => server.layer),
      catalog,
      // Every call the loop makes to a server is written to the audit trail.
      mcpClients: deps.calls.auditedClients(user, tools.clients),
      systemPrompt: systemPrompt(row),
      limits: {
        maxIterations: cap(row.limits.tool_turns_per_request, deps.limits.toolTurnsPerRequest),
        maxSessionToolTurns: cap(row.limits.tool_turns_per_session, deps.limits.toolTurnsPerSession),
        maxToolCalls: deps.limits.toolCallsPerRequest,
      },
      // The conversation's policy can only tighten the deployment's: the strictest answer wins.
      approvalPolicies: [deployment, row.approval_policy ?? undefined],
      toolTimeoutMs: deps.limits.toolTimeoutMs,
      maxHistoryChars: deps.limits.historyChars,
      validator: deps.validator,
    },
  };
}

/** The layer of tools the client runs itself: the loop suspends with `awaiting_client_tool` on them. */
export function clientLayer(tools: readonly ClientToolDeclaration[]): ClientLayer {
  return {
    protocol: 'webmcp',
    serverName: CLIENT_LAYER_NAME,
    description: "Tools that run in the user's app; the app executes them and sends back the results.",
    executedBy: 'client',
    tools: tools.map((tool) => ({
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      inputSchema: tool.input_schema,
      ...(tool.annotations ? { annotations: tool.annotations } : {}),
    })),
  };
}

function systemPrompt(row: ConversationRow): string | undefined {
  const parts = [row.system_prompt.trim()];
  if (row.context !== null && row.context !== undefined) {
    parts.push(
      `Context:\n${typeof row.context === 'string' ? row.context : JSON.stringify(row.context, null, 2)}`,
    );
  }
  const text = parts.filter(Boolean).join('\n\n');
  return text || undefined;
}
