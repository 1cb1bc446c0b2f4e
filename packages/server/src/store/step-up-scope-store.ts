import type { Queryable } from '../storage/database.ts';

/**
 * Adds the scopes a server asked a user for (403 `insufficient_scope`) to those their next
 * authorization of that server asks for. Kept beside the user's credentials: a user who holds
 * none has nothing to step up from.
 */
export async function addStepUpScope(
  db: Queryable,
  userId: string,
  serverId: string,
  scope: string,
): Promise<void> {
  await db.query(
    `UPDATE server_credentials SET step_up_scope = (
       SELECT string_agg(DISTINCT token, ' ' ORDER BY token)
       FROM unnest(string_to_array(coalesce(step_up_scope, '') || ' ' || $3, ' ')) AS token
       WHERE token <> '')
     WHERE user_id = $1 AND server_id = $2`,
    [userId, serverId, scope],
  );
}

/** The scopes a server asked the user for since their last authorization of it, if any. */
export async function stepUpScopeOf(
  db: Queryable,
  userId: string,
  serverId: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ step_up_scope: string | null }>(
    'SELECT step_up_scope FROM server_credentials WHERE user_id = $1 AND server_id = $2',
    [userId, serverId],
  );
  return rows[0]?.step_up_scope ?? undefined;
}

/** Forgets the scopes a server asked the user for (their new authorization asked for them). */
export async function clearStepUpScope(db: Queryable, userId: string, serverId: string): Promise<void> {
  await db.query('UPDATE server_credentials SET step_up_scope = NULL WHERE user_id = $1 AND server_id = $2', [
    userId,
    serverId,
  ]);
}
