import {
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import type { McpAuthorization } from './mcp-authorization.ts';

/**
 * After a request was refused for want of the user's consent (the provider has sent the
 * user to the authorization page): waits for the user to come back, then exchanges the
 * code for tokens on the transport that started the flow (it knows the PKCE verifier's
 * server, the resource metadata and the scope asked for).
 */
export async function finishAuthorization(
  transport: Transport,
  authorization: McpAuthorization,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (!authorization.awaitCallback) throw new Error('no way to wait for the authorization callback');
  if (!(transport instanceof StreamableHTTPClientTransport || transport instanceof SSEClientTransport)) {
    throw new Error('only HTTP transports can be authorized');
  }
  const callback = await authorization.awaitCallback(signal ?? new AbortController().signal);
  if (typeof callback === 'string') await transport.finishAuth(callback);
  else await transport.finishAuth(callback);
}
