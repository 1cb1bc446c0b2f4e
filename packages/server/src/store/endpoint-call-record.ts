/** How a user's tool call ended (or was refused before it ran). */
export type EndpointCallStatus =
  | 'ok'
  | 'tool_error'
  | 'failed'
  | 'denied'
  | 'declined'
  | 'refused'
  | 'rate_limited';

/**
 * The path a call took to the gateway: a chat turn, `/mcp`, or a direct call (`POST
 * /servers/{id}/tools/call`: the web app's Tools tab, MCP Apps and widget buttons).
 */
export type CallPath = 'chat' | 'mcp' | 'direct';

/** One row of the audit trail of tool calls (arguments and results are not kept: they may hold secrets). */
export interface EndpointCallRecord {
  userId: string;
  /** The path the call took. */
  via: CallPath;
  /** The server's registered name. */
  server: string;
  /** The server's real tool name. */
  tool: string;
  status: EndpointCallStatus;
  elapsedMs: number;
  /** Why the call failed or was refused, when it did. */
  error?: string;
}
