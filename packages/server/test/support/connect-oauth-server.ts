import { expect } from 'vitest';
import { approveAuthorization } from '../../../servers/test/support/approve-authorization.ts';
import { type ApiClient, cookiesOf } from './http-client.ts';

/** A user's connection of an OAuth server: the authorization page they were sent to, and the gateway's callback page. */
export interface ServerConnecting {
  url: URL;
  page: Response;
}

/**
 * Connects a server for the client's user as the app does: `POST /servers/{id}/authorize` on the
 * gateway at `gatewayUrl`, the authorization server's pages approved as `login`, then the gateway's
 * OAuth callback in the same browser (with the cookie the authorize answer set; the caller checks
 * its page).
 */
export async function connectOAuthServer(
  gatewayUrl: string,
  client: ApiClient,
  serverId: string,
  login: string,
): Promise<ServerConnecting> {
  const started = await client.post(`/servers/${serverId}/authorize`);
  expect(started.status).toBe(200);
  const url = new URL(started.body.authorization_url);
  const callback = await approveAuthorization(url, `${gatewayUrl}/oauth/callback`, login);
  const cookie = cookiesOf(started.headers);
  return { url, page: await fetch(`${gatewayUrl}/oauth/callback?${callback}`, { headers: { cookie } }) };
}
