/**
 * Node-only MCP pieces: the stdio transport, HTTP through undici's pooled connections, and the
 * verification of an authorization server's JWT access tokens by a protected MCP resource (the
 * gateway's `/mcp` and API, the shipped servers).
 */

export {
  AUTHORIZATION_SERVER_TIMEOUT_MS,
  authorizationServerMetadata,
  type SigningAuthorizationServer,
} from './authorization-server-metadata.ts';
export {
  AccessTokenRefusal,
  type JwtAccessTokenCheck,
  type JwtAccessTokenVerifierOptions,
  jwtAccessTokenVerifier,
  type VerifiedJwtAccessToken,
} from './jwt-access-token-verifier.ts';
export { createNodeFetch, type NodeFetch, type NodeFetchOptions } from './node-fetch.ts';
export { NodeMcpClientPool, NodeMcpConnection } from './node-mcp-connection.ts';
export { type StdioTransportOptions, stdioTransport } from './stdio-transport.ts';
