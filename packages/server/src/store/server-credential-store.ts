import type { Queryable } from '../storage/database.ts';

/** One user's sealed (encrypted) OAuth state for one server. */
export interface SealedCredential {
  sealed: string;
  hasTokens: boolean;
}

/** An authorization in progress: its `state` parameter binds the callback to a user and a server. */
export interface AuthorizationFlow {
  state: string;
  userId: string;
  serverId: string;
  /** A same-origin path to send the person back to after the callback. */
  returnTo: string | null;
  /** SHA-256 of the browser binding (a cookie) the callback must carry; null until a browser is bound. */
  browserHash: string | null;
}

/** A user's sealed OAuth state for a server, if any. */
export async function loadServerCredential(
  db: Queryable,
  userId: string,
  serverId: string,
): Promise<SealedCredential | undefined> {
  const { rows } = await db.query<{ sealed_state: string; has_tokens: boolean }>(
    'SELECT sealed_state, has_tokens FROM server_credentials WHERE user_id = $1 AND server_id = $2',
    [userId, serverId],
  );
  return rows[0] && { sealed: rows[0].sealed_state, hasTokens: rows[0].has_tokens };
}

/** Stores (or replaces) a user's sealed OAuth state for a server. */
export async function saveServerCredential(
  db: Queryable,
  userId: string,
  serverId: string,
  credential: SealedCredential,
): Promise<void> {
  await db.query(
    `INSERT INTO server_credentials (user_id, server_id, sealed_state, has_tokens) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, server_id) DO UPDATE
       SET sealed_state = EXCLUDED.sealed_state, has_tokens = EXCLUDED.has_tokens, updated_at = now()`,
    [userId, serverId, credential.sealed, credential.hasTokens],
  );
}

/** Forgets a user's OAuth state for a server; returns whether there was one. */
export async function deleteServerCredential(
  db: Queryable,
  userId: string,
  serverId: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM server_credentials WHERE user_id = $1 AND server_id = $2',
    [userId, serverId],
  );
  return rowCount > 0;
}

/**
 * The servers a user holds tokens for that have not asked them for more scope since (a step-up
 * waits: connecting again grants it).
 */
export async function listAuthorizedServerIds(db: Queryable, userId: string): Promise<Set<string>> {
  const { rows } = await db.query<{ server_id: string }>(
    'SELECT server_id FROM server_credentials WHERE user_id = $1 AND has_tokens AND step_up_scope IS NULL',
    [userId],
  );
  return new Set(rows.map((row) => row.server_id));
}

/**
 * Records an authorization in progress, valid for `ttlMs`, with its authorization page and the hash
 * of the one-use key of its start link (see {@link bindAuthorizationFlow}); drops expired ones on the way.
 */
export async function insertAuthorizationFlow(
  db: Queryable,
  flow: AuthorizationFlow & { startKeyHash: string | null; authorizationUrl: string },
  ttlMs: number,
): Promise<void> {
  await db.query('DELETE FROM authorization_flows WHERE expires_at < now()');
  await db.query(
    `INSERT INTO authorization_flows
       (state, user_id, server_id, return_to, browser_hash, start_key_hash, authorization_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
    [
      flow.state,
      flow.userId,
      flow.serverId,
      flow.returnTo,
      flow.browserHash,
      flow.startKeyHash,
      flow.authorizationUrl,
      ttlMs / 1000,
    ],
  );
}

/**
 * Binds the unexpired flow whose start key hashes to `startKeyHash` to a browser (`browserHash`),
 * once: the key is cleared. Resolves with the flow's authorization page, or undefined.
 */
export async function bindAuthorizationFlow(
  db: Queryable,
  startKeyHash: string,
  browserHash: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ authorization_url: string }>(
    `UPDATE authorization_flows SET browser_hash = $2, start_key_hash = NULL
     WHERE start_key_hash = $1 AND browser_hash IS NULL AND expires_at >= now()
     RETURNING authorization_url`,
    [startKeyHash, browserHash],
  );
  return rows[0]?.authorization_url;
}

/** Takes (reads and removes) the unexpired authorization a callback's `state` names: it works once. */
export async function takeAuthorizationFlow(
  db: Queryable,
  state: string,
): Promise<AuthorizationFlow | undefined> {
  const { rows } = await db.query<{
    state: string;
    user_id: string;
    server_id: string;
    return_to: string | null;
    browser_hash: string | null;
  }>(
    `DELETE FROM authorization_flows WHERE state = $1 AND expires_at >= now()
     RETURNING state, user_id, server_id, return_to, browser_hash`,
    [state],
  );
  const row = rows[0];
  return (
    row && {
      state: row.state,
      userId: row.user_id,
      serverId: row.server_id,
      returnTo: row.return_to,
      browserHash: row.browser_hash,
    }
  );
}
