import type { McpConnectionOptions, OAuthClientState } from '@switchboard/core';
import type { CredentialLocks } from './credential-locks.ts';
import { encryptedStateStore } from './encrypted-state-store.ts';

type Fetch = NonNullable<McpConnectionOptions['fetch']>;

/** Longest wait for the token endpoint while the lock is held (others wait for it, on PostgreSQL with a connection each). */
const REFRESH_TIMEOUT_MS = 30_000;

/** Whose credentials a {@link singleUseRefreshFetch} guards. */
export interface SingleUseRefreshOptions {
  locks: CredentialLocks;
  /** The key the credentials are encrypted under. */
  key: Uint8Array;
  userId: string;
  serverId: string;
}

/**
 * The fetch of one user's connection to one server, such that a refresh token is sent once
 * however many requests (on this replica or on others) find the access token expired together —
 * an authorization server that rotates refresh tokens refuses the second use, and may revoke the
 * whole grant for it. A refresh-token grant runs holding the user's credential lock: when the
 * stored refresh token is no longer the one the grant carries, another holder has refreshed, and
 * the tokens it stored are the answer; otherwise the grant goes out and its tokens are stored
 * before the lock is released (the grant may take 30 s at most). Every other request passes through.
 */
export function singleUseRefreshFetch(fetch: Fetch, options: SingleUseRefreshOptions): Fetch {
  const { locks, key, userId, serverId } = options;
  return async (url, init) => {
    const used = refreshTokenOf(init);
    if (used === undefined) return fetch(url, init);
    return locks.hold(userId, serverId, async (db) => {
      const store = encryptedStateStore({ db, key, userId, serverId });
      const state = await store.load();
      const stored = state.tokens;
      if (stored?.refresh_token !== undefined && stored.refresh_token !== used) return tokenResponse(stored);
      const deadline = AbortSignal.timeout(REFRESH_TIMEOUT_MS);
      const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
      const response = await fetch(url, { ...init, signal });
      if (!response.ok) return response;
      const body = await response.text();
      const fresh = tokensIn(body);
      if (fresh) {
        const issuer = stored?.issuer === undefined ? {} : { issuer: stored.issuer };
        await store.save({ ...state, tokens: { refresh_token: used, ...fresh, ...issuer } });
      }
      return new Response(body, { status: response.status, headers: plainHeaders(response.headers) });
    });
  };
}

/** The refresh token a token request sends (`grant_type=refresh_token`), if it is one. */
function refreshTokenOf(init: RequestInit | undefined): string | undefined {
  if (init?.method?.toUpperCase() !== 'POST') return undefined;
  const body = init.body;
  const params =
    body instanceof URLSearchParams ? body : typeof body === 'string' ? new URLSearchParams(body) : undefined;
  if (params?.get('grant_type') !== 'refresh_token') return undefined;
  return params.get('refresh_token') ?? undefined;
}

function tokensIn(body: string): NonNullable<OAuthClientState['tokens']> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    const tokens = value as NonNullable<OAuthClientState['tokens']>;
    return typeof tokens?.access_token === 'string' ? tokens : undefined;
  } catch {
    return undefined;
  }
}

/** A token endpoint's answer carrying tokens another holder of the lock obtained. */
function tokenResponse(tokens: NonNullable<OAuthClientState['tokens']>): Response {
  const { issuer: _issuer, ...answer } = tokens;
  return new Response(JSON.stringify(answer), {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

/** The answer's headers, less those about the encoding of a body that has been decoded. */
function plainHeaders(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete('content-encoding');
  copy.delete('content-length');
  return copy;
}
