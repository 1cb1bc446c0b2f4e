import type { ConnectRequest } from '@switchboard/ui';
import { markConnectRequest } from '@switchboard/ui';
import type { ConversationDriver, ServerAuthorizationStatus } from './conversation-driver.ts';
import type { RemoteMcpServer } from './remote-mcp-servers.ts';
import type { RemoteMcpStatus } from './standalone/remote-mcp-connections.ts';

/** What the page lends the servers' connections: its Connect cards, its problem line, its tools. */
export interface ConnectionsPage {
  /** The conversation's Connect cards. */
  connects(): ConnectRequest[];
  /** Replaces the Connect cards (a connection the page started, ended or came back from). */
  setConnects(connects: ConnectRequest[]): void;
  /** Shows what went wrong. */
  showProblem(message: string): void;
  /** Reads the tools again (a server connected or disconnected). */
  refreshTools(): Promise<void>;
}

/**
 * The servers the person connects, as the page shows them: the gateway's servers with their
 * authorization, the page's own remote servers (standalone), which of them are being connected,
 * and the Connect cards they need. What differs between the modes is the driver's (`connectServer`,
 * `serverAuthorizations`, `remoteMcp`); this holds what the page shows of it.
 */
export class ServerConnectionState {
  /** Gateway mode: the servers the person may use, with their authorization. */
  authorizations = $state<ServerAuthorizationStatus[]>([]);
  /** The servers being connected or disconnected (their buttons wait). */
  busy = $state<string[]>([]);
  /** Standalone mode: the page's remote servers and how each is. */
  remote = $state<RemoteMcpStatus[]>([]);
  /** Standalone mode: why the remote servers could not all be connected. */
  remoteProblem = $state<string | undefined>(undefined);
  readonly #driver: () => ConversationDriver;
  readonly #page: ConnectionsPage;

  /** `driver` gives the page's driver (a component's prop, read when it is used). */
  constructor(driver: () => ConversationDriver, page: ConnectionsPage) {
    this.#driver = driver;
    this.#page = page;
  }

  /** Gateway mode: reads the servers' authorizations again. */
  refresh = async (): Promise<void> => {
    const api = this.#driver().serverAuthorizations;
    if (!api) return;
    try {
      this.authorizations = await api.list();
    } catch (error) {
      this.#page.showProblem(messageOf(error));
    }
  };

  /** Says "Connected — ask again" when the page came back from connecting a server that is now connected. */
  showReturned(serverId: string | undefined): void {
    const server = this.authorizations.find((candidate) => candidate.id === serverId);
    if (server?.authorization === 'connected')
      this.#page.setConnects([
        { serverId: server.id, server: server.name, message: '', status: 'connected' },
      ]);
  }

  /** Connects a server (from its card or a panel): call it from the click, which may open the popup. */
  connect = (serverId: string): void => {
    const driver = this.#driver();
    if (!driver.connectServer || this.busy.includes(serverId)) return;
    const cards = () => this.#page.connects();
    const serverName =
      cards().find((request) => request.serverId === serverId)?.server ??
      this.authorizations.find((server) => server.id === serverId)?.name ??
      serverId;
    const connecting = driver.connectServer({ id: serverId, name: serverName }, window);
    this.busy = [...this.busy, serverId];
    this.#page.setConnects(markConnectRequest(cards(), serverId, 'connecting'));
    void connecting.then(async (outcome) => {
      if (outcome.status === 'redirected') return;
      this.busy = this.busy.filter((id) => id !== serverId);
      if (outcome.status === 'connected')
        this.#page.setConnects(markConnectRequest(cards(), serverId, 'connected'));
      else if (cards().some((request) => request.serverId === serverId))
        this.#page.setConnects(markConnectRequest(cards(), serverId, 'needed', outcome.message));
      else this.#page.showProblem(outcome.message);
      if (driver.remoteMcp) this.remote = driver.remoteMcp.statuses();
      await Promise.all([this.refresh(), this.#page.refreshTools()]);
    });
  };

  /** Gateway mode: revokes and forgets the person's authorization of a server. */
  disconnect = async (serverId: string): Promise<void> => {
    const api = this.#driver().serverAuthorizations;
    if (!api || this.busy.includes(serverId)) return;
    this.busy = [...this.busy, serverId];
    try {
      await api.disconnect(serverId);
    } catch (error) {
      this.#page.showProblem(messageOf(error));
    } finally {
      this.busy = this.busy.filter((id) => id !== serverId);
    }
    await Promise.all([this.refresh(), this.#page.refreshTools()]);
  };

  /** Standalone mode: connects the remote servers the page is configured with. */
  async connectConfigured(servers: RemoteMcpServer[]): Promise<void> {
    const remote = this.#driver().remoteMcp;
    if (!remote) return;
    try {
      await remote.connectAll(servers);
    } catch (error) {
      this.remoteProblem = messageOf(error);
    }
    await this.remoteChanged();
  }

  /** Standalone mode: reads the remote servers' statuses and the tools again, with a Connect card for each server asking. */
  remoteChanged = async (): Promise<void> => {
    this.remote = this.#driver().remoteMcp?.statuses() ?? [];
    const cards = this.#page.connects();
    const asking = this.remote.filter(
      (server) =>
        server.state === 'unauthorized' && !cards.some((request) => request.serverId === server.name),
    );
    if (asking.length > 0)
      this.#page.setConnects([
        ...cards,
        ...asking.map(
          (server): ConnectRequest => ({
            serverId: server.name,
            server: server.name,
            message: server.error ?? '',
            status: 'needed',
          }),
        ),
      ]);
    await this.#page.refreshTools();
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
