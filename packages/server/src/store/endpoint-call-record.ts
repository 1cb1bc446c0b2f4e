/** How a call through `/mcp` ended. */
export type EndpointCallStatus =
  | 'ok'
  | 'tool_error'
  | 'failed'
  | 'denied'
  | 'declined'
  | 'refused'
  | 'rate_limited';

/** One row of the `/mcp` audit trail (arguments and results are not kept: they may hold secrets). */
export interface EndpointCallRecord {
  userId: string;
  /** The server's registered name. */
  server: string;
  /** The server's real tool name. */
  tool: string;
  status: EndpointCallStatus;
  elapsedMs: number;
  /** Why the call failed or was refused, when it did. */
  error?: string;
}
