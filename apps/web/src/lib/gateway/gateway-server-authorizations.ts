import type { ServerAuthorizationApi, ServerAuthorizationStatus } from '../conversation-driver.ts';
import { returnPath } from './return-path.ts';

/** Calls the gateway's API and reads its JSON answer; throws with the gateway's words on an error status. */
type GatewayJson = <T>(path: string, init?: RequestInit) => Promise<T>;

/**
 * The gateway's routes for connecting the person to OAuth servers: `GET /servers`,
 * `POST /servers/{id}/authorize` (with `return_to` = the app's path and conversation, for a
 * full-page redirect) and `DELETE /servers/{id}/authorization`.
 */
export function gatewayServerAuthorizations(
  json: GatewayJson,
  conversationId: () => string,
): ServerAuthorizationApi {
  const server = (id: string) => `/servers/${encodeURIComponent(id)}`;
  return {
    async list() {
      const { items } = await json<{ items: Array<Partial<ServerAuthorizationStatus>> }>('/servers');
      return items.map((item) => ({
        id: String(item.id),
        name: String(item.name),
        authorization:
          item.authorization === 'connected' || item.authorization === 'required'
            ? item.authorization
            : 'not_needed',
      }));
    },
    async authorize(serverId, pageHref) {
      const body = pageHref ? { return_to: returnPath(pageHref, conversationId(), serverId) } : {};
      const { authorization_url } = await json<{ authorization_url: unknown }>(
        `${server(serverId)}/authorize`,
        { method: 'POST', body: JSON.stringify(body) },
      );
      if (typeof authorization_url !== 'string') throw new Error('gateway: no authorization page was given');
      return authorization_url;
    },
    async disconnect(serverId) {
      await json(`${server(serverId)}/authorization`, { method: 'DELETE' });
    },
  };
}
