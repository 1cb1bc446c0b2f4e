import type { ToolCallContext } from './layers.ts';

/** The record of one dispatched tool call (metrics, console, persistence). */
export interface ToolCall {
  /** The tool_use id. */
  id: string;
  /** The name the model used. */
  name: string;
  /** The name after alias resolution (what was actually routed). */
  resolvedName: string;
  /** Server and tool the call was routed to, when the name was known. */
  server?: string;
  tool?: string;
  args: unknown;
  /** Text sent back to the model (after truncation). */
  result: string;
  /** An MCP tool's `structuredContent`, when it returned one (hosts rendering the result need it: MCP Apps). */
  structuredContent?: unknown;
  /** Set when the call failed; the model got an error tool_result. */
  error?: string;
  /**
   * The call failed because the server wants the user's authorization: none given, revoked, or too
   * little scope (401, 403 `insufficient_scope`). Apps offer "Connect" for `server`.
   */
  needsAuthorization?: true;
  /** With {@link needsAuthorization}: the scope the server asked for (403 `insufficient_scope`), to ask the user to grant. */
  requiredScope?: string;
  /** Wall time of the call in milliseconds. */
  elapsed: number;
  /** True when a discovery call (search/list) preceded this call in the session. */
  guided: boolean;
}

/** A tool's output, normalized from whatever the handler or MCP server returned. */
export interface ToolOutput {
  /** The text the model should see. */
  text: string;
  /** True when the tool reported an error (MCP `isError`). */
  isError: boolean;
  /** The structured value, when the tool returned one (JSON value or MCP structuredContent). */
  value?: unknown;
}

/** Calls tools on one connected MCP server. Implemented by MCP connections, and by tests. */
export interface McpToolClient {
  callTool(toolName: string, args: Record<string, unknown>, context: ToolCallContext): Promise<ToolOutput>;
}
