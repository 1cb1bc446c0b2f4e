import type { Server } from '@modelcontextprotocol/server';
import type { User } from '../auth/user.ts';
import { canUseServer } from '../upstream/server-access.ts';
import type { ServerList, ServerListChange } from '../upstream/server-list-changes.ts';
import type { ServerRegistry } from '../upstream/server-registry.ts';
import type { EndpointCatalogs } from './endpoint-catalogs.ts';
import type { UserEventBus } from './user-event-bus.ts';

/** A 2025 session of `/mcp`: its user, its server, and which servers' tools its tools/list shows. */
export interface ListeningSession {
  user: User;
  server: Server;
  /**
   * Whether a change of this server's tools (by registered name) changes the session's tools/list:
   * always in aggregate mode, in discovery mode when one of its tools was activated.
   */
  showsToolsOf(serverName: string): boolean;
}

/**
 * Forwards the list changes the gateway's servers announce to the `/mcp` clients that can see them:
 * a shared server's to every user who may use it, a change on a user's own connection (servers
 * that authorize each user) to that user only. A tool-list change first retires the catalogs built
 * before it, so the client's next tools/list (or search) has the new tools. 2025 sessions get
 * `notifications/{tools,resources,prompts}/list_changed` (tools only when their tools/list shows
 * that server's tools); 2026-07-28 clients get them on their `subscriptions/listen` streams (tools,
 * likewise, only on the streams whose tools/list shows them). Registrations that come, go, start or
 * stop, and changes another replica's connection heard, arrive here too (see ServerListChanges).
 */
export class ListChangeForwarding {
  readonly #catalogs: EndpointCatalogs;
  readonly #bus: UserEventBus;
  readonly #sessions = new Set<ListeningSession>();

  constructor(registry: ServerRegistry, catalogs: EndpointCatalogs, bus: UserEventBus) {
    this.#catalogs = catalogs;
    this.#bus = bus;
    registry.onListChanged((change) => this.#forward(change));
  }

  /** Forwards the changes the session can see to it, until its server closes. */
  attach(session: ListeningSession): void {
    this.#sessions.add(session);
    const previousOnClose = session.server.onclose;
    session.server.onclose = () => {
      previousOnClose?.();
      this.#sessions.delete(session);
    };
  }

  #forward(change: ServerListChange): void {
    const hears = (user: User) =>
      change.userId === undefined ? canUseServer(user, change.row) : user.id === change.userId;
    if (change.list === 'tools') this.#catalogs.forget(change.row.name, change.userId);
    for (const session of this.#sessions) {
      if (!hears(session.user)) continue;
      if (change.list === 'tools' && !session.showsToolsOf(change.row.name)) continue;
      void announce(session.server, change.list).catch(() => undefined);
    }
    this.#bus.publishTo(
      hears,
      { kind: `${change.list}_list_changed` },
      change.list === 'tools' ? change.row.name : undefined,
    );
  }
}

function announce(server: Server, list: ServerList): Promise<void> {
  switch (list) {
    case 'tools':
      return server.sendToolListChanged();
    case 'resources':
      return server.sendResourceListChanged();
    case 'prompts':
      return server.sendPromptListChanged();
  }
}
