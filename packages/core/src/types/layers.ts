import type { CustomEventMap, CustomEventName } from './events.ts';
import type { McpServerRequestHandlers } from './server-requests.ts';

/** A JSON Schema document, kept as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

/** MCP tool annotations (hints a server gives about a tool's behaviour). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool as an MCP server describes it in `tools/list`. */
export interface McpToolDef {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema;
  /** The schema of the tool's `structuredContent`, when the server declares one. */
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** Free-form metadata (e.g. `_meta.ui.resourceUri` for MCP Apps). */
  _meta?: Record<string, unknown>;
}

/** A recipe: guidance a server gives the model on how to chain its tools. */
export interface McpRecipe {
  name: string;
  description?: string;
  /** Full text of the recipe, when the server ships it with the layer. */
  body?: string;
}

/** Progress reported by a tool while it runs. */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** What a tool handler receives besides its input. */
export interface ToolCallContext {
  /** Aborted when the call is cancelled or times out. */
  signal: AbortSignal;
  /** Report progress; surfaced as events. */
  onProgress?: (progress: ToolProgress) => void;
  /** Answers what the server asks while this call runs: the person (elicitation), the run's model (sampling). */
  serverRequests?: CallServerRequests;
  /** Stops the caller's own deadline while a person answers such a request; call the result to restart it. */
  holdDeadline?: () => () => void;
  /** The id of the model's tool_use block this call answers, when a run made the call. */
  toolCallId?: string;
  /**
   * Emits an effect of this call as a CUSTOM event of the run (a UI layer's widget, a canvas action): the
   * seam through which a layer turns its results into events without the runtime knowing its tools.
   */
  emit?: <Name extends CustomEventName>(name: Name, value: CustomEventMap[Name]) => void;
}

/** The answers to a server's own requests that one tool call offers. */
export type CallServerRequests = Pick<McpServerRequestHandlers, 'elicitation' | 'sampling' | 'onLog'>;

/** A local tool handler. Returns any JSON-serializable value (or an MCP CallToolResult). */
export type ToolHandler = (input: Record<string, unknown>, context: ToolCallContext) => unknown;

/** A tool served locally by a WebMCP server: an MCP tool definition plus its handler. */
export interface WebMcpToolDef extends McpToolDef {
  execute: ToolHandler;
}

/** A remote MCP server's tools, reached over the network. */
export interface McpLayer {
  protocol: 'mcp';
  serverName: string;
  serverUrl?: string;
  description?: string;
  tools: McpToolDef[];
  recipes?: McpRecipe[];
}

/**
 * A tool that shows results to the person rather than producing them (a UI layer's widget, its canvas):
 * the catalog offers it from the start and the system prompt lists it in its display step, with its purpose.
 */
export interface PresentationTool {
  /** The tool's name on its server. */
  name: string;
  /** What it does, as the display step says it, e.g. `show data as a widget`. */
  purpose: string;
}

/** A local (in-page or in-process) WebMCP server's tools, executed by function call. */
export interface WebMcpLayer {
  protocol: 'webmcp';
  serverName: string;
  description: string;
  tools: WebMcpToolDef[];
  recipes?: McpRecipe[];
  /** The tools of `tools` that present results, in the order the prompt lists them. */
  presentationTools?: PresentationTool[];
}

/**
 * Tools that live on the client (a browser page's WebMCP tools, an app's tools): the model sees them,
 * but the loop does not execute them — it stops with `awaiting_client_tool` and the client posts results.
 */
export interface ClientLayer {
  protocol: ToolProtocol;
  serverName: string;
  description?: string;
  tools: McpToolDef[];
  recipes?: McpRecipe[];
  executedBy: 'client';
}

/** One server's tools, organized by protocol. */
export type ToolLayer = McpLayer | WebMcpLayer | ClientLayer;

/** The protocol part of a prefixed tool name: `mcp` (remote) or `webmcp` (local). */
export type ToolProtocol = 'mcp' | 'webmcp';

/** A tool in the form sent to a model provider (Anthropic-style field names). */
export interface ProviderTool {
  name: string;
  description: string;
  input_schema: JsonSchema;
  /**
   * The tool's title and what its server says it does (read-only, destructive), for the host's own
   * planner; vendor adapters do not send them.
   */
  title?: string;
  annotations?: ToolAnnotations;
}
