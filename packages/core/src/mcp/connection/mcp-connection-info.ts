import type { Implementation } from '@modelcontextprotocol/client';
import type { McpTransportKind } from './open-client.ts';

/** Life-cycle state of an `McpConnection`. */
export type McpConnectionStatus = 'idle' | 'connecting' | 'connected' | 'closed';

/** What is known about the connected server. */
export interface McpConnectionInfo {
  status: McpConnectionStatus;
  /** The transport in use (`sse` after a fallback from Streamable HTTP). */
  transport?: McpTransportKind;
  /** The negotiated protocol revision, e.g. `2025-11-25` or `2026-07-28`. */
  protocolVersion?: string;
  serverInfo?: Implementation;
  instructions?: string;
}
