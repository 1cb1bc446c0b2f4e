import type { Server } from '@modelcontextprotocol/server';
import type { User } from '../auth/user.ts';
import { asCaller } from '../upstream/caller-identity.ts';
import type { EndpointCatalogs } from './endpoint-catalogs.ts';
import { ownerOf } from './resource-pass-through.ts';
import type { ResourceSubscriber, ResourceSubscriptions } from './resource-subscriptions.ts';

/**
 * Passes resource subscriptions through: `resources/subscribe` and `resources/unsubscribe` go to
 * the server that offers the URI, and its `notifications/resources/updated` come back to this
 * client. The client's subscriptions end with its connection.
 */
export function registerResourceSubscriptionPassThrough(
  server: Server,
  catalogs: EndpointCatalogs,
  subscriptions: ResourceSubscriptions,
  user: User,
): void {
  const subscriber: ResourceSubscriber = (uri) => {
    void server.sendResourceUpdated({ uri }).catch(() => undefined);
  };
  const previousOnClose = server.onclose;
  server.onclose = () => {
    previousOnClose?.();
    void subscriptions.drop(subscriber);
  };

  server.setRequestHandler('resources/subscribe', async (request, ctx) => {
    const { catalog } = await catalogs.get(user);
    const { uri } = request.params;
    const connection = await ownerOf(catalog, user, uri, ctx.mcpReq.signal);
    await asCaller(user.id, () => subscriptions.subscribe(connection, uri, subscriber, ctx.mcpReq.signal));
    return {};
  });

  server.setRequestHandler('resources/unsubscribe', async (request) => {
    await asCaller(user.id, () => subscriptions.unsubscribe(request.params.uri, subscriber));
    return {};
  });
}
