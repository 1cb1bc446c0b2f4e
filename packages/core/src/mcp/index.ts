/** MCP connections through the official SDK client (browser-safe: no Node-only imports). */

export type { McpServerRequestHandlers, ServerRequestContext } from '../types/server-requests.ts';
export type { McpAuthorization } from './auth/mcp-authorization.ts';
export {
  type OAuthClientState,
  OAuthSessionProvider,
  type OAuthSessionProviderOptions,
  type OAuthStateStore,
  type StoredDpopKey,
} from './auth/oauth-session-provider.ts';
export {
  WorkloadIdentityProvider,
  type WorkloadIdentityProviderOptions,
} from './auth/workload-identity-provider.ts';
export { IdleDeadline } from './calls/idle-deadline.ts';
export type { InputRound } from './calls/input-round.ts';
export { toToolOutput } from './calls/to-tool-output.ts';
export type {
  McpConnectionOptions,
  McpCustomTransportConfig,
  McpHttpTransportConfig,
  McpInMemoryTransportConfig,
  McpProtocolMode,
  McpSseTransportConfig,
  McpTransportConfig,
} from './connection/connection-options.ts';
export { McpClientPool, type McpLayerFailure, type McpPoolLayers } from './connection/mcp-client-pool.ts';
export { McpConnection, type McpRequestOptions } from './connection/mcp-connection.ts';
export {
  McpConnectionError,
  type McpConnectionErrorInit,
  type McpErrorKind,
} from './connection/mcp-connection-error.ts';
export type { McpConnectionInfo, McpConnectionStatus } from './connection/mcp-connection-info.ts';
export type { McpTransportKind } from './connection/open-client.ts';
export { toToolDef } from './connection/to-tool-def.ts';
export type { ToolsChangedListener } from './connection/tool-list.ts';
