/**
 * What went wrong with an MCP request:
 * - `cancelled`: the caller's AbortSignal fired;
 * - `timeout`: no answer within the time allowed;
 * - `connect_failed`: the server could not be reached or refused the handshake;
 * - `connection_closed`: the connection ended while the request was in flight;
 * - `session_expired`: the server no longer knows the session (it restarted);
 * - `network_error`: the HTTP request itself failed;
 * - `http_error`: the server answered with an HTTP error status;
 * - `unauthorized`: the server wants the user's authorization (OAuth) first, or more scope;
 * - `invalid_response`: the server answered something that is not valid JSON-RPC / MCP;
 * - `server_error`: the server answered with a JSON-RPC error (unknown tool, bad params, …);
 * - `closed`: the connection was closed on purpose with `close()`;
 * - `failed`: anything else.
 */
export type McpErrorKind =
  | 'cancelled'
  | 'timeout'
  | 'connect_failed'
  | 'connection_closed'
  | 'session_expired'
  | 'network_error'
  | 'http_error'
  | 'unauthorized'
  | 'invalid_response'
  | 'server_error'
  | 'closed'
  | 'failed';

/** Fields of an {@link McpConnectionError}. */
export interface McpConnectionErrorInit {
  kind: McpErrorKind;
  server: string;
  tool?: string;
  /** The scope the server asked for when it refused for too little (403 `insufficient_scope`). */
  requiredScope?: string;
  cause?: unknown;
}

/**
 * A failed MCP request. The message is meant for people and models alike: it names the
 * server, the tool, what happened and what to do about it.
 */
export class McpConnectionError extends Error {
  readonly kind: McpErrorKind;
  readonly server: string;
  readonly tool?: string;
  /**
   * The scope the server asked for when it refused the request for too little
   * (403 `insufficient_scope`): what to ask the user to grant when they connect again.
   */
  readonly requiredScope?: string;

  constructor(message: string, init: McpConnectionErrorInit) {
    super(message, { cause: init.cause });
    this.name = 'McpConnectionError';
    this.kind = init.kind;
    this.server = init.server;
    this.tool = init.tool;
    if (init.requiredScope !== undefined) this.requiredScope = init.requiredScope;
  }
}
