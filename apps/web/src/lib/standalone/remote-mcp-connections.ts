import { UnauthorizedError } from '@modelcontextprotocol/client';
import type { McpAuthorization, McpLayer } from '@switchboard/core';
import { McpConnection, McpConnectionError } from '@switchboard/core';
import { parseRemoteMcpServer, parseRemoteMcpServers, type RemoteMcpServer } from '../remote-mcp-servers.ts';
import { finishRedirectAuthorization, startRedirectAuthorization } from './authorize-by-redirect.ts';
import { browserOAuthProvider } from './browser-oauth-provider.ts';
import { type AuthorizationPopup, waitForOAuthCallback } from './oauth-callback-channel.ts';
import { forgetOAuthState } from './oauth-state-storage.ts';

const STORAGE_KEY = 'switchboard.remote-mcp-servers';

/** A remote server as the page shows it: connected with its tools, or why it is not. */
export interface RemoteMcpStatus extends RemoteMcpServer {
  /** `unauthorized`: the server wants the person's authorization first (the app offers "Connect"). */
  state: 'connecting' | 'connected' | 'unauthorized' | 'failed';
  /** When failed or unauthorized: what went wrong. */
  error?: string;
}

interface Entry {
  server: RemoteMcpServer;
  connection?: McpConnection;
  layer?: McpLayer;
  error?: string;
  unauthorized?: boolean;
}

/** Where standalone mode keeps its servers and their OAuth state. */
export interface RemoteMcpStorage {
  /** The servers added at run time (localStorage). */
  servers: Storage;
  /** Each server's OAuth registration and tokens (sessionStorage: see `oauthStateStorage`). */
  oauth: Storage;
  /** The app's OAuth callback page (`oauth-callback.html`), the redirect_uri. */
  callbackUrl: string;
}

/**
 * The remote MCP servers of standalone mode: connects to each (Streamable HTTP from the page), keeps
 * their layers and clients for the agent loop, and remembers servers added at run time in localStorage.
 */
export class RemoteMcpConnections {
  readonly #storage: Storage;
  readonly #oauth: Storage;
  readonly #callbackUrl: string;
  readonly #entries = new Map<string, Entry>();
  readonly #lost = new Set<(name: string) => void>();

  constructor(storage: RemoteMcpStorage) {
    this.#storage = storage.servers;
    this.#oauth = storage.oauth;
    this.#callbackUrl = storage.callbackUrl;
  }

  /** Connects the configured servers and the ones remembered in storage; failures are kept per server. */
  async connectAll(configured: RemoteMcpServer[]): Promise<void> {
    const servers = [...configured, ...this.#remembered()];
    await finishRedirectAuthorization(this.#redirectContext(), servers);
    await Promise.all(
      servers
        .filter((server, index) => servers.findIndex((other) => other.name === server.name) === index)
        .map((server) => this.#connect(server)),
    );
  }

  /**
   * Adds a server at run time: checks it, connects, and remembers it when connected. Resolves to the
   * server's status; an invalid entry or a failed connection gives a `failed` status with the reason.
   */
  async add(input: { name: string; url: string }): Promise<RemoteMcpStatus> {
    const server = parseRemoteMcpServer(input);
    if ('error' in server) return { name: input.name, url: input.url, state: 'failed', error: server.error };
    if (this.#entries.get(server.name)?.layer)
      return { ...server, state: 'failed', error: `a server named "${server.name}" is already connected` };
    const status = await this.#connect(server);
    if (status.state === 'connected' || status.state === 'unauthorized')
      this.#remember([...this.#remembered().filter((known) => known.name !== server.name), server]);
    return status;
  }

  /** Disconnects a server and forgets it. */
  async remove(name: string): Promise<void> {
    const entry = this.#entries.get(name);
    this.#entries.delete(name);
    this.#remember(this.#remembered().filter((known) => known.name !== name));
    if (entry) forgetOAuthState(this.#oauth, entry.server.url);
    await entry?.connection?.close().catch(() => undefined);
  }

  /**
   * Connects a server that wants the person's authorization: runs the MCP authorization flow (the
   * SDK discovers the authorization server, registers this app, and builds the PKCE authorization
   * URL), shows the authorization page with `openPage` (a popup, or the page itself), waits for the
   * callback page to hand the code back, exchanges it and connects. Resolves to the server's status.
   * Once connected, the connection no longer opens pages: when its authorization ends later, the
   * server is `unauthorized` again (see {@link onAuthorizationLost}).
   */
  async authorize(
    name: string,
    openPage: (url: URL) => void,
    popup?: AuthorizationPopup,
  ): Promise<RemoteMcpStatus> {
    const entry = this.#entries.get(name);
    if (!entry) return { name, url: '', state: 'failed', error: `no server is named "${name}"` };
    await entry.connection?.close().catch(() => undefined);
    const state = crypto.randomUUID();
    let connecting = true;
    const status = await this.#connect(entry.server, (lost) => ({
      provider: browserOAuthProvider({
        storage: this.#oauth,
        server: entry.server,
        callbackUrl: this.#callbackUrl,
        state,
        openPage: (url) => (connecting ? openPage(url) : lost()),
      }),
      awaitCallback: (signal) =>
        connecting
          ? waitForOAuthCallback(state, signal, popup)
          : Promise.reject(
              new UnauthorizedError(`${entry.server.name}'s authorization ended: connect it again`),
            ),
    }));
    connecting = false;
    return status;
  }

  /**
   * Calls `listener` with a connected server's name when its authorization ends (the tokens expired
   * or were revoked and could not be refreshed): the server is `unauthorized` from then on, its tools
   * are gone, and "Connect" brings it back. Returns the unsubscribe function.
   */
  onAuthorizationLost(listener: (name: string) => void): () => void {
    this.#lost.add(listener);
    return () => this.#lost.delete(listener);
  }

  /**
   * Connects a server that wants the person's authorization by leaving the page (popups are
   * blocked): `go` is given the authorization page; the callback page brings the person back to
   * `returnHref`, and the next {@link connectAll} exchanges the code and connects.
   */
  async authorizeByRedirect(name: string, returnHref: string, go: (url: URL) => void): Promise<void> {
    const entry = this.#entries.get(name);
    if (!entry) throw new Error(`no server is named "${name}"`);
    await startRedirectAuthorization(this.#redirectContext(), entry.server, returnHref, go);
  }

  /** Every server's status. */
  statuses(): RemoteMcpStatus[] {
    return [...this.#entries.values()].map(({ server, layer, error, unauthorized }) => ({
      ...server,
      state: layer ? 'connected' : unauthorized ? 'unauthorized' : error ? 'failed' : 'connecting',
      ...(error ? { error } : {}),
    }));
  }

  /** The layers of the connected servers. */
  layers(): McpLayer[] {
    return [...this.#entries.values()].flatMap((entry) => (entry.layer ? [entry.layer] : []));
  }

  /** The clients of the connected servers, by server name (the agent loop's `mcpClients`). */
  clients(): Map<string, McpConnection> {
    return new Map(
      [...this.#entries.values()].flatMap((entry) =>
        entry.layer && entry.connection ? [[entry.server.name, entry.connection] as const] : [],
      ),
    );
  }

  /**
   * Connects; without `authorize`, a server wanting the person's consent gives `unauthorized`.
   * `authorize` builds the interactive authorization, given what to call when it ends later.
   */
  async #connect(
    server: RemoteMcpServer,
    authorize?: (lost: () => void) => McpAuthorization,
  ): Promise<RemoteMcpStatus> {
    const entry: Entry = { server };
    const lost = () => this.#authorizationLost(entry);
    const authorization = authorize?.(lost);
    const connection = new McpConnection({
      name: server.name,
      transport: { type: 'http', url: server.url },
      // Sending tokens it has; a new authorization waits for "Connect" (the person's click opens the page).
      authorization: authorization ?? {
        provider: browserOAuthProvider({
          storage: this.#oauth,
          server,
          callbackUrl: this.#callbackUrl,
          openPage: lost,
        }),
      },
      connectTimeoutMs: authorization ? 600_000 : 15_000,
      // The run's person answers forms and links, its model answers sampling (after approval).
      answerThroughCalls: ['elicitation', 'sampling', 'log'],
    });
    entry.connection = connection;
    this.#entries.set(server.name, entry);
    try {
      entry.layer = await connection.layer();
      return { ...server, state: 'connected' };
    } catch (error) {
      await connection.close().catch(() => undefined);
      if (error instanceof McpConnectionError && error.kind === 'unauthorized') {
        entry.unauthorized = true;
        entry.error = `Connect ${server.name} to use its tools (it asks for your authorization)`;
        return { ...server, state: 'unauthorized', error: entry.error };
      }
      entry.error = `Could not connect to the MCP server "${server.name}" at ${server.url}: ${
        error instanceof Error ? error.message : String(error)
      } (the server must be reachable and allow this page's origin by CORS)`;
      return { ...server, state: 'failed', error: entry.error };
    }
  }

  /** A connected server's authorization ended (the SDK asks for a new one): it waits for "Connect" again. */
  #authorizationLost(entry: Entry): void {
    if (!entry.layer || this.#entries.get(entry.server.name) !== entry) return;
    entry.layer = undefined;
    entry.unauthorized = true;
    entry.error = `Connect ${entry.server.name} again to use its tools (its authorization ended)`;
    for (const listener of this.#lost) listener(entry.server.name);
  }

  #redirectContext() {
    return { storage: this.#oauth, callbackUrl: this.#callbackUrl };
  }

  #remembered(): RemoteMcpServer[] {
    try {
      return parseRemoteMcpServers(JSON.parse(this.#storage.getItem(STORAGE_KEY) ?? '[]'));
    } catch {
      return [];
    }
  }

  #remember(servers: RemoteMcpServer[]): void {
    this.#storage.setItem(STORAGE_KEY, JSON.stringify(servers));
  }
}
