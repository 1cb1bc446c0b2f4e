import { discoverOAuthServerInfo, type FetchLike } from '@modelcontextprotocol/client';
import type { OAuthClientState } from '@switchboard/core';

/**
 * Revokes a user's grant at the authorization server (RFC 7009), when it has a revocation
 * endpoint: the refresh token (which ends the grant), else the access token. Best effort: returns
 * whether the server confirmed it, never throws.
 */
export async function revokeOAuthTokens(
  state: OAuthClientState,
  serverUrl: string,
  fetchFn: FetchLike = fetch,
): Promise<boolean> {
  const { tokens, client } = state;
  if (!tokens || !client) return false;
  try {
    const metadata =
      state.discovery?.authorizationServerMetadata ??
      (await discoverOAuthServerInfo(serverUrl, { fetchFn })).authorizationServerMetadata;
    const endpoint = (metadata as { revocation_endpoint?: unknown } | undefined)?.revocation_endpoint;
    if (typeof endpoint !== 'string') return false;
    const credentials = {
      client_id: client.client_id,
      ...(client.client_secret ? { client_secret: client.client_secret } : {}),
    };
    const [token, hint] = tokens.refresh_token
      ? [tokens.refresh_token, 'refresh_token']
      : [tokens.access_token, 'access_token'];
    const response = await fetchFn(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, token_type_hint: hint, ...credentials }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}
