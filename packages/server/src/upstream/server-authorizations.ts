import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { auth, computeScopeUnion } from '@modelcontextprotocol/client';
import type { McpConnectionOptions } from '@switchboard/core';
import type { User } from '../auth/user.ts';
import type { Database } from '../storage/database.ts';
import {
  bindAuthorizationFlow,
  deleteServerCredential,
  insertAuthorizationFlow,
  takeAuthorizationFlow,
} from '../store/server-credential-store.ts';
import type { ServerRow } from '../store/server-store.ts';
import { clearStepUpScope, stepUpScopeOf } from '../store/step-up-scope-store.ts';
import { encryptedStateStore } from './encrypted-state-store.ts';
import { withGlobalErrorResponses } from './global-error-responses.ts';
import { revokeOAuthTokens } from './revoke-oauth-tokens.ts';
import { serverChallenge } from './server-challenge.ts';
import type { ServerRegistry } from './server-registry.ts';
import { userOAuthProvider } from './user-oauth-provider.ts';

/** What the authorization flows need from the gateway. */
export interface ServerAuthorizationsOptions {
  db: Database;
  registry: ServerRegistry;
  /** The key credentials are encrypted under; without one, OAuth servers cannot be connected. */
  key?: Uint8Array;
  /** The gateway's callback URL (`…/oauth/callback`). */
  redirectUrl: () => string;
  /** How long a started authorization may take (ms, default 10 minutes). */
  flowTtlMs?: number;
}

/** Why an authorization could not start or finish; `status` is the HTTP status to answer with. */
export class AuthorizationFlowError extends Error {
  override name = 'AuthorizationFlowError';
  readonly status: 400 | 502 | 503;
  readonly code: string;

  constructor(status: 400 | 502 | 503, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * Connecting and disconnecting users to servers that authorize with OAuth: `start` runs the SDK's
 * flow up to the authorization page, bound to the user and server by a random `state` recorded in
 * the database (one use, short-lived, so the callback may reach any replica), asking for the scope
 * the server challenged for (a step-up's, else its 401's); `finish` exchanges the callback's code
 * for the user's tokens; `disconnect` revokes them (RFC 7009) and forgets them.
 */
export class ServerAuthorizations {
  readonly #options: ServerAuthorizationsOptions;

  constructor(options: ServerAuthorizationsOptions) {
    this.#options = options;
  }

  /**
   * Starts connecting a user to a server; resolves with the page to send them to. The flow is bound
   * to one browser (by the random value its cookie holds), whose callback alone finishes it: the
   * browser that asked (`browserBinding`; the page is the authorization server's), or, for a client
   * that is not a browser (the CLI), the browser that first opens the gateway's one-use start link
   * this then resolves with (see {@link bindBrowser}).
   */
  async start(
    user: User,
    row: ServerRow,
    options: { returnTo?: string; browserBinding?: string },
  ): Promise<URL> {
    const key = this.#key();
    const state = randomBytes(32).toString('base64url');
    let page: URL | undefined;
    const provider = userOAuthProvider({
      db: this.#options.db,
      key,
      userId: user.id,
      row,
      redirectUrl: this.#options.redirectUrl(),
      state,
      openAuthorizationPage: (url) => {
        page = url;
      },
    });
    const fetchFn = this.#fetchFor(row);
    const challenge = await serverChallenge(urlOf(row), fetchFn);
    const scope = await this.#scopeToRequest(user, row, key, challenge.scope);
    const result = await this.#run(row, () =>
      auth(provider, {
        serverUrl: urlOf(row),
        fetchFn,
        forceReauthorization: true,
        scope,
        resourceMetadataUrl: challenge.resourceMetadataUrl,
      }),
    );
    if (result !== 'REDIRECT' || !page) {
      throw new AuthorizationFlowError(
        502,
        'authorization_failed',
        `"${row.name}" did not ask for the user's authorization`,
      );
    }
    const startKey = options.browserBinding ? undefined : randomBytes(32).toString('base64url');
    await insertAuthorizationFlow(
      this.#options.db,
      {
        state,
        userId: user.id,
        serverId: row.id,
        returnTo: options.returnTo ?? null,
        browserHash: options.browserBinding ? bindingHash(options.browserBinding) : null,
        startKeyHash: startKey ? bindingHash(startKey) : null,
        authorizationUrl: page.href,
      },
      this.#options.flowTtlMs ?? 600_000,
    );
    return startKey ? new URL(`start/${startKey}`, this.#options.redirectUrl()) : page;
  }

  /**
   * Binds the flow a start link's key names to the browser opening it (`browserBinding`), once and
   * only when no browser is bound yet; resolves with the authorization page to send that browser to.
   */
  async bindBrowser(startKey: string, browserBinding: string): Promise<URL> {
    const page = await bindAuthorizationFlow(
      this.#options.db,
      bindingHash(startKey),
      bindingHash(browserBinding),
    );
    if (!page)
      throw new AuthorizationFlowError(
        400,
        'unknown_state',
        'this link is unknown, expired or already opened; connect the server again',
      );
    return new URL(page);
  }

  /**
   * Finishes the authorization a callback's `state` names, with its `code` (and `iss`), when the
   * callback comes from the browser the flow is bound to (`browserBinding`, its cookie): stores the
   * user's tokens and reopens their connection. Resolves with the server and where to send the
   * person back. A callback from another browser (someone given the link) stores nothing.
   */
  async finish(
    query: URLSearchParams,
    browserBinding: string | undefined,
  ): Promise<{ row: ServerRow; returnTo: string | null }> {
    const key = this.#key();
    const flow = await takeAuthorizationFlow(this.#options.db, query.get('state') ?? '');
    if (!flow) {
      throw new AuthorizationFlowError(
        400,
        'unknown_state',
        'this authorization is unknown, expired or already used; connect the server again',
      );
    }
    if (!flow.browserHash || !browserBinding || !sameHash(flow.browserHash, bindingHash(browserBinding))) {
      throw new AuthorizationFlowError(
        400,
        'other_browser',
        'this authorization was started in another browser: connect the server again from your own Switchboard (an authorization link works only in the browser that asked for it)',
      );
    }
    const row = await this.#options.registry.byId(flow.serverId);
    if (!row)
      throw new AuthorizationFlowError(
        400,
        'server_not_found',
        'the server of this authorization is no longer registered',
      );
    const refusal = query.get('error');
    if (refusal) {
      const why = query.get('error_description') ?? refusal;
      throw new AuthorizationFlowError(
        400,
        'authorization_refused',
        `"${row.name}" was not connected: ${why.slice(0, 300)}`,
      );
    }
    const code = query.get('code');
    if (!code)
      throw new AuthorizationFlowError(400, 'invalid_callback', 'the callback carries no authorization code');
    const provider = userOAuthProvider({
      db: this.#options.db,
      key,
      userId: flow.userId,
      row,
      redirectUrl: this.#options.redirectUrl(),
    });
    await this.#run(row, () =>
      auth(provider, {
        serverUrl: urlOf(row),
        authorizationCode: code,
        iss: query.get('iss') ?? undefined,
        fetchFn: this.#fetchFor(row),
      }),
    );
    await clearStepUpScope(this.#options.db, flow.userId, row.id);
    await this.#options.registry.forgetUserConnection(flow.userId, row.id);
    return { row, returnTo: flow.returnTo };
  }

  /** Disconnects a user from a server: revokes the tokens where the server can, forgets them, closes the connection. */
  async disconnect(user: User, row: ServerRow): Promise<{ revoked: boolean }> {
    const key = this.#key();
    const store = encryptedStateStore({ db: this.#options.db, key, userId: user.id, serverId: row.id });
    const revoked = await revokeOAuthTokens(await store.load(), urlOf(row), this.#fetchFor(row));
    await deleteServerCredential(this.#options.db, user.id, row.id);
    await this.#options.registry.forgetUserConnection(user.id, row.id);
    return { revoked };
  }

  /**
   * The scope an authorization asks for (MCP scope selection): the scope the server asked the user
   * to step up to (403 `insufficient_scope`), else the scope its 401 challenge names, with what the
   * user was granted already (connecting again never narrows a grant); none when nothing names one,
   * and the SDK then asks for the server's `scopes_supported` (or the registration's `oauth.scopes`).
   */
  async #scopeToRequest(
    user: User,
    row: ServerRow,
    key: Uint8Array,
    challengedScope: string | undefined,
  ): Promise<string | undefined> {
    const { db } = this.#options;
    const wanted = (await stepUpScopeOf(db, user.id, row.id)) ?? challengedScope;
    const { tokens } = await encryptedStateStore({ db, key, userId: user.id, serverId: row.id }).load();
    return computeScopeUnion(tokens?.scope, wanted);
  }

  /** The fetch to reach the server and its authorization server with, its OAuth errors readable by the SDK. */
  #fetchFor(row: ServerRow): McpConnectionOptions['fetch'] {
    return withGlobalErrorResponses(this.#options.registry.fetchFor(row));
  }

  #key(): Uint8Array {
    if (this.#options.key) return this.#options.key;
    throw new AuthorizationFlowError(
      503,
      'secret_key_missing',
      'this gateway has no secret key to keep credentials with: set SWITCHBOARD_SECRET_KEY (32 bytes, base64)',
    );
  }

  async #run<T>(row: ServerRow, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      throw new AuthorizationFlowError(
        502,
        'authorization_failed',
        `authorizing "${row.name}" failed: ${(error as Error).message}`,
      );
    }
  }
}

function urlOf(row: ServerRow): string {
  if (row.transport.type !== 'http') throw new Error(`"${row.name}" is not an HTTP server`);
  return row.transport.url;
}

/** What the database keeps of a browser binding or a start key: its SHA-256. */
function bindingHash(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
