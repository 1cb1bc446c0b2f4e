import type { Queryable } from '../storage/database.ts';

/** What became of an answer another replica was asked to pass on: kept for the call's replica, or why not. */
export type ForwardedAnswer = 'forwarded' | 'unknown' | 'closed';

/** How long records of answered, timed-out and ended requests are kept (to tell them from unknown ones). */
const KEPT_AFTER_CLOSING = '1 day';

/**
 * Records a form or link a server asks a user for during a direct tool call, waiting until
 * `expiresAt` (epoch ms), so that an answer reaching another replica finds it. Drops records
 * closed or expired long ago on the way.
 */
export async function recordDirectCallElicitation(
  db: Queryable,
  request: { requestId: string; userId: string; expiresAt: number },
): Promise<void> {
  await db.query(
    `DELETE FROM direct_call_elicitations
     WHERE coalesce(closed_at, expires_at) < now() - interval '${KEPT_AFTER_CLOSING}'`,
  );
  await db.query(
    `INSERT INTO direct_call_elicitations (request_id, user_id, expires_at)
     VALUES ($1, $2, to_timestamp($3::double precision / 1000))`,
    [request.requestId, request.userId, request.expiresAt],
  );
}

/**
 * Keeps a user's answer for the replica running the call (replacing one it has not taken yet), when
 * the request is theirs and still waits: `forwarded`; `closed` when it was answered, timed out or
 * its call ended; `unknown` when the user has no such request.
 */
export async function forwardDirectCallAnswer(
  db: Queryable,
  userId: string,
  requestId: string,
  answer: unknown,
): Promise<ForwardedAnswer> {
  const { rowCount } = await db.query(
    `UPDATE direct_call_elicitations SET answer = $3
     WHERE request_id = $1 AND user_id = $2 AND closed_at IS NULL AND expires_at > now()`,
    [requestId, userId, JSON.stringify(answer)],
  );
  if (rowCount > 0) return 'forwarded';
  const { rows } = await db.query(
    'SELECT 1 FROM direct_call_elicitations WHERE request_id = $1 AND user_id = $2',
    [requestId, userId],
  );
  return rows.length > 0 ? 'closed' : 'unknown';
}

/** The answer another replica kept for a request still waiting, if any, as stored. */
export async function forwardedDirectCallAnswer(
  db: Queryable,
  requestId: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ answer: string }>(
    `SELECT answer FROM direct_call_elicitations
     WHERE request_id = $1 AND answer IS NOT NULL AND closed_at IS NULL`,
    [requestId],
  );
  return rows[0]?.answer;
}

/** Drops a kept answer the call refused (it does not fit the form) unless a newer one replaced it. */
export async function dropDirectCallAnswer(db: Queryable, requestId: string, answer: string): Promise<void> {
  await db.query('UPDATE direct_call_elicitations SET answer = NULL WHERE request_id = $1 AND answer = $2', [
    requestId,
    answer,
  ]);
}

/**
 * Marks a request answered, timed out or ended: it takes no more answers, and the answer kept for
 * it (what the person typed) is forgotten; the record stays only to tell it from an unknown one.
 */
export async function closeDirectCallElicitation(db: Queryable, requestId: string): Promise<void> {
  await db.query(
    `UPDATE direct_call_elicitations SET closed_at = now(), answer = NULL
     WHERE request_id = $1 AND closed_at IS NULL`,
    [requestId],
  );
}
