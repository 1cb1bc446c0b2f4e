/** MCP connections through the official SDK client (browser-safe: no Node-only imports). */

export type { McpServerRequestHandlers, ServerRequestContext } from '../types/server-requests.ts';
export type {
  McpConnectionOptions,
  McpCustomTransportConfig,
  McpHttpTransportConfig,
  McpInMemoryTransportConfig,
  McpProtocolMode,
  McpSseTransportConfig,
  McpTransportConfig,
} from './connection-options.ts';
export { IdleDeadline } from './idle-deadline.ts';
export type { InputRound } from './input-round.ts';
export type { McpAuthorization } from './mcp-authorization.ts';
export { McpClientPool, type McpLayerFailure, type McpPoolLayers } from './mcp-client-pool.ts';
export { McpConnection, type McpRequestOptions } from './mcp-connection.ts';
export {
  McpConnectionError,
  type McpConnectionErrorInit,
  type McpErrorKind,
} from './mcp-connection-error.ts';
export type { McpConnectionInfo, McpConnectionStatus } from './mcp-connection-info.ts';
export {
  type OAuthClientState,
  OAuthSessionProvider,
  type OAuthSessionProviderOptions,
  type OAuthStateStore,
  type StoredDpopKey,
} from './oauth-session-provider.ts';
export type { McpTransportKind } from './open-client.ts';
export { toToolDef } from './to-tool-def.ts';
export { toToolOutput } from './to-tool-output.ts';
export type { ToolsChangedListener } from './tool-list.ts';
export {
  WorkloadIdentityProvider,
  type WorkloadIdentityProviderOptions,
} from './workload-identity-provider.ts';
