import type { FetchLike, Implementation, LoggingLevel, Transport } from '@modelcontextprotocol/client';
import type { McpServerRequestHandlers } from '../../types/server-requests.ts';
import type { McpAuthorization } from '../auth/mcp-authorization.ts';

/**
 * Reach a server over HTTP: Streamable HTTP first, then — when the server answers the
 * Streamable HTTP handshake with a 4xx status (it only speaks the legacy protocol) — the
 * legacy HTTP+SSE transport at the same URL.
 */
export interface McpHttpTransportConfig {
  type: 'http';
  url: string | URL;
  /** Try the legacy SSE transport when Streamable HTTP is refused. Default `true`. */
  sseFallback?: boolean;
}

/** Reach a server that only speaks the legacy HTTP+SSE transport (2024-11-05). */
export interface McpSseTransportConfig {
  type: 'sse';
  url: string | URL;
}

/**
 * Reach a server in the same process (tests, in-page servers). A single transport can be
 * connected once; pass a factory to let the connection reconnect after the transport closes.
 */
export interface McpInMemoryTransportConfig {
  type: 'in-memory';
  transport: Transport | (() => Transport | Promise<Transport>);
}

/** Any other transport (stdio from `@switchboard/core/node`, WebSocket, …), made fresh for every connect. */
export interface McpCustomTransportConfig {
  type: 'custom';
  /** Says where the server is, for error messages (`stdio: node server.js`). */
  label: string;
  create: () => Transport | Promise<Transport>;
  /** Extra facts for error messages when the connection fails (e.g. the server's last stderr lines). */
  diagnostics?: () => string | undefined;
}

/** How an {@link McpConnection} reaches its server. */
export type McpTransportConfig =
  | McpHttpTransportConfig
  | McpSseTransportConfig
  | McpInMemoryTransportConfig
  | McpCustomTransportConfig;

/**
 * Protocol generation to speak. `auto` (default) probes for the stateless 2026-07-28
 * revision and falls back to the 2025 `initialize` handshake; `legacy` skips the probe;
 * `{ pin }` requires exactly that modern revision.
 */
export type McpProtocolMode = 'auto' | 'legacy' | { pin: string };

/** Options of one {@link McpConnection}. */
export interface McpConnectionOptions {
  /** The server's name: used in layers, tool names and every error message. */
  name: string;
  transport: McpTransportConfig;
  /** Time a tool call may take without an answer or a progress notification, in ms. Default 60 000. */
  timeoutMs?: number;
  /** Upper bound for a tool call even while it keeps reporting progress, in ms. Default: none. */
  maxTotalTimeoutMs?: number;
  /** Time allowed for connecting and the protocol handshake, in ms. Default 30 000. */
  connectTimeoutMs?: number;
  /**
   * The fetch used by HTTP transports. Default: the global `fetch`; the `McpConnection` of
   * `@switchboard/core/node` defaults to its own `createNodeFetch()` (pooled keep-alive, much cheaper).
   */
  fetch?: FetchLike;
  /**
   * Most bytes one message from the server may take over HTTP (a JSON response body; one event of
   * an event stream); the rest is not read and the request fails saying so. Default
   * `DEFAULT_MAX_MESSAGE_BYTES` (16 MiB, in `message-size-limit.ts`).
   */
  maxMessageBytes?: number;
  /** Headers sent with every HTTP request (API keys, tenant ids, …). */
  headers?: Record<string, string>;
  /** OAuth for HTTP servers that require it (a `401` starts the flow). Keep one per user. */
  authorization?: McpAuthorization;
  /** Answers to the server's own requests (elicitation, sampling, roots) and its log messages. */
  handlers?: McpServerRequestHandlers;
  /**
   * Declares these capabilities and answers them through the tool call that is running
   * (`ToolCallContext.serverRequests`: the run's person and model), falling back to `handlers`;
   * `log` sends the server's log messages to that call's run.
   * For a connection shared by several runs (a gateway's), a request (or log message) arriving
   * while calls of more than one run are in flight goes to the call the transport names (over
   * Streamable HTTP, the call whose response stream carried it); where nothing names one, a
   * request is refused and a log message goes to `handlers.onLog` alone.
   */
  answerThroughCalls?: ReadonlyArray<'elicitation' | 'sampling' | 'log'>;
  /**
   * The least severe log message asked of the server, when the connection receives them
   * (`handlers.onLog`, or `'log'` in `answerThroughCalls`). Default `'info'`. Under 2026-07-28
   * every request carries it, and a server sends no log messages for a request without it; a
   * 2025-era server that declares `logging` is sent it once after initialize (`logging/setLevel`;
   * one that fails it keeps the connection and logs at its own level, with a warning).
   */
  logLevel?: LoggingLevel;
  /** How this client introduces itself to the server. Default `{ name: 'switchboard', version: '0.1.0' }`. */
  clientInfo?: Implementation;
  /** Protocol generation to speak. Default `auto`. */
  protocol?: McpProtocolMode;
  /** Description for the server's layer; defaults to the server's instructions or self-description. */
  description?: string;
}
