import { McpConnection, type McpConnectionOptions } from '@switchboard/core/node';
import type { Database } from '../storage/database.ts';
import type { ServerRow } from '../store/server-store.ts';
import { CredentialLocks } from './credential-locks.ts';
import { withGlobalErrorResponses } from './global-error-responses.ts';
import { singleUseRefreshFetch } from './single-use-refresh-fetch.ts';
import { stepUpScopeFetch } from './step-up-scope-fetch.ts';
import { userOAuthProvider } from './user-oauth-provider.ts';

/** What per-user connections need from the gateway. */
export interface UserConnectionsOptions {
  db: Database;
  /** The key stored credentials are encrypted under. */
  key: Uint8Array;
  /** The gateway's OAuth callback URL. */
  redirectUrl: () => string;
}

/**
 * The connections to servers that authorize each user with OAuth: one per user and server, never
 * shared, each with the user's own provider (tokens read from and saved to the encrypted store, so
 * a refresh made by one replica serves the others, and a refresh token is sent once however many
 * replicas find the access token expired together). A request that needs the person's consent fails
 * with an `unauthorized` error: the person connects the server through the API; one refused for too
 * little scope (step-up) also notes the scope asked for, which that connection then asks for.
 */
export class UserConnections {
  readonly #options: UserConnectionsOptions;
  readonly #connections = new Map<string, { userId: string; serverId: string; connection: McpConnection }>();
  readonly #locks: CredentialLocks;

  constructor(options: UserConnectionsOptions) {
    this.#options = options;
    this.#locks = new CredentialLocks(options.db);
  }

  /** The user's connection to the server (opened on first use), made from the registry's options. */
  get(userId: string, row: ServerRow, base: McpConnectionOptions): McpConnection {
    const id = keyOf(userId, row.id);
    const existing = this.#connections.get(id);
    if (existing) return existing.connection;
    const provider = userOAuthProvider({
      db: this.#options.db,
      key: this.#options.key,
      userId,
      row,
      redirectUrl: this.#options.redirectUrl(),
      finishesAuthorizations: false,
    });
    const fetch = stepUpScopeFetch(
      singleUseRefreshFetch(withGlobalErrorResponses(base.fetch), {
        locks: this.#locks,
        key: this.#options.key,
        userId,
        serverId: row.id,
      }),
      { db: this.#options.db, userId, serverId: row.id },
    );
    const connection = new McpConnection({ ...base, fetch, authorization: { provider } });
    this.#connections.set(id, { userId, serverId: row.id, connection });
    return connection;
  }

  /** Closes a user's connection to a server (the next use opens a new one, with the stored tokens). */
  async close(userId: string, serverId: string): Promise<void> {
    const id = keyOf(userId, serverId);
    const entry = this.#connections.get(id);
    this.#connections.delete(id);
    await entry?.connection.close().catch(() => undefined);
  }

  /** Closes every user's connection to a server (changed, stopped or removed). */
  async closeServer(serverId: string): Promise<void> {
    const entries = [...this.#connections.values()].filter((entry) => entry.serverId === serverId);
    await Promise.all(entries.map((entry) => this.close(entry.userId, entry.serverId)));
  }

  /** Closes every connection. */
  async closeAll(): Promise<void> {
    const entries = [...this.#connections.values()];
    await Promise.all(entries.map((entry) => this.close(entry.userId, entry.serverId)));
  }
}

function keyOf(userId: string, serverId: string): string {
  return `${serverId}\u0000${userId}`;
}
