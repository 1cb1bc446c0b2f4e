import { auth } from '@modelcontextprotocol/client';
import type { RemoteMcpServer } from '../remote-mcp-servers.ts';
import { browserOAuthProvider } from './browser-oauth-provider.ts';
import { rememberRedirect, takeReturnedAuthorization } from './oauth-redirect-return.ts';

/** Where the OAuth state lives and where the authorization server sends the person back. */
export interface RedirectAuthorizationContext {
  /** sessionStorage: the OAuth state and the pending redirect. */
  storage: Storage;
  callbackUrl: string;
}

/**
 * Authorizes a server by leaving the page (popups are blocked): records where to come back, then
 * lets the SDK discover, register and build the PKCE authorization URL, and goes there with `go`.
 */
export async function startRedirectAuthorization(
  context: RedirectAuthorizationContext,
  server: RemoteMcpServer,
  returnHref: string,
  go: (url: URL) => void,
): Promise<void> {
  const state = crypto.randomUUID();
  rememberRedirect(context.storage, { server: server.name, state, returnHref });
  const provider = browserOAuthProvider({ ...context, server, state, openPage: go });
  await auth(provider, { serverUrl: server.url });
}

/**
 * After coming back from the authorization page: exchanges the code the callback page kept for
 * tokens (the SDK checks the issuer and uses the saved PKCE verifier). Resolves to whether a server
 * among `servers` was authorized; a refused or failed exchange leaves it to ask again.
 */
export async function finishRedirectAuthorization(
  context: RedirectAuthorizationContext,
  servers: RemoteMcpServer[],
): Promise<boolean> {
  const returned = takeReturnedAuthorization(context.storage);
  const server = servers.find((candidate) => candidate.name === returned?.server);
  const code = returned?.params.get('code');
  if (!server || !code) return false;
  const provider = browserOAuthProvider({ ...context, server, openPage: () => undefined });
  try {
    const result = await auth(provider, {
      serverUrl: server.url,
      authorizationCode: code,
      iss: returned?.params.get('iss') ?? undefined,
    });
    return result === 'AUTHORIZED';
  } catch {
    return false;
  }
}
