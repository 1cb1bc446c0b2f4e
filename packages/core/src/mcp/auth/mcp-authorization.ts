import type { OAuthClientProvider } from '@modelcontextprotocol/client';

/**
 * How a connection authorizes itself to a server that answers `401` (MCP authorization,
 * spec 2025-06-18 and later). The SDK runs the protocol: protected-resource metadata
 * (RFC 9728), authorization-server metadata (RFC 8414 / OpenID discovery), client
 * registration (Client ID Metadata Document, else dynamic registration, else the
 * provider's pre-registered client), authorization code with PKCE (S256) and the
 * `resource` parameter (RFC 8707), token refresh, and step-up on `insufficient_scope`.
 */
export interface McpAuthorization {
  /**
   * Keeps the client registration, tokens and PKCE verifier, and sends the user to the
   * authorization page (`redirectToAuthorization`). One provider per user and server: a
   * provider's tokens are never shared with another user.
   */
  provider: OAuthClientProvider;
  /**
   * Waits until the user has come back from the authorization page the provider sent them
   * to, and resolves with the callback's query parameters (`code`, `state`, `iss`) or the
   * bare authorization code; the connection then exchanges it for tokens and goes on.
   * Without it, a request that needs the user's consent fails at once with an
   * `unauthorized` {@link McpConnectionError} (the app offers "Connect" instead).
   */
  awaitCallback?: (signal: AbortSignal) => Promise<URLSearchParams | string>;
}
