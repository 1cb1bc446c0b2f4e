import type { ServerEvent } from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import type { User } from '../auth/user.ts';
import { asCaller } from '../upstream/caller-identity.ts';
import type { EndpointCatalogs } from './endpoint-catalogs.ts';
import { ownerOf } from './resource-pass-through.ts';
import type { ResourceSubscriber, ResourceSubscriptions } from './resource-subscriptions.ts';

/**
 * The most resources one listen stream may name in its filter: each costs a look-up on every server
 * of the user's, so a longer filter is refused rather than fanned out upstream.
 */
export const MAX_LISTEN_RESOURCE_SUBSCRIPTIONS = 100;

/** The resource URIs a 2026-07-28 `subscriptions/listen` request asks updates of (none for any other body). */
export function listenedResources(body: unknown): string[] {
  const request = body as {
    method?: unknown;
    params?: { notifications?: { resourceSubscriptions?: unknown } };
  };
  if (request?.method !== 'subscriptions/listen') return [];
  const uris = request.params?.notifications?.resourceSubscriptions;
  return Array.isArray(uris)
    ? [...new Set(uris.filter((uri): uri is string => typeof uri === 'string'))]
    : [];
}

/**
 * The resource subscriptions of `/mcp`'s 2026-07-28 listen streams: a stream naming resources in
 * its filter (`resourceSubscriptions`) subscribes, for as long as it is open, on the servers that
 * offer them (through the user's own connections, shared with 2025 sessions' subscriptions), and
 * each `notifications/resources/updated` they send reaches that stream alone. A URI none of the
 * user's servers offers is left out (the stream already acknowledged its filter).
 */
export class ListenResourceSubscriptions {
  readonly #catalogs: EndpointCatalogs;
  readonly #subscriptions: ResourceSubscriptions;
  readonly #logger: Logger;

  constructor(catalogs: EndpointCatalogs, subscriptions: ResourceSubscriptions, logger: Logger) {
    this.#catalogs = catalogs;
    this.#subscriptions = subscriptions;
    this.#logger = logger;
  }

  /**
   * Subscribes `user`'s stream (its bus `listener`) to `uris`; returns what ends the subscriptions
   * (when the stream closes).
   */
  open(user: User, uris: readonly string[], listener: (event: ServerEvent) => void): () => void {
    const closing = new AbortController();
    const subscriber: ResourceSubscriber = (uri) => listener({ kind: 'resource_updated', uri });
    const subscribe = async (uri: string) => {
      const { signal } = closing;
      try {
        await asCaller(user.id, async () => {
          const { catalog } = await this.#catalogs.get(user);
          const connection = await ownerOf(catalog, user, uri, signal);
          await this.#subscriptions.subscribe(connection, uri, subscriber, signal);
        });
      } catch (error) {
        if (!signal.aborted)
          this.#logger.debug({ err: error, uri }, 'a listen stream could not subscribe to a resource');
        return;
      }
      // The stream closed while the server was subscribing: leave again.
      if (signal.aborted) await this.#subscriptions.unsubscribe(uri, subscriber);
    };
    for (const uri of uris) void subscribe(uri);
    return () => {
      if (closing.signal.aborted) return;
      closing.abort();
      void asCaller(user.id, () => this.#subscriptions.drop(subscriber)).catch(() => undefined);
    };
  }
}
