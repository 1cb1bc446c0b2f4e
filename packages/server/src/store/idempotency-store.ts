import type { Queryable } from '../storage/database.ts';

/** A request sent with an `Idempotency-Key`, as first claimed. */
export interface IdempotencyRequest {
  userId: string;
  key: string;
  /** Hash of the request (method, path and body): a reuse of the key for another request is refused. */
  requestHash: string;
  /** The conversation the request acts on, if any. */
  conversationId?: string;
  /** The run the request starts, if any (named before it starts, so a retry can find it). */
  runId?: string;
  /** How long the key is kept (ms). */
  ttlMs: number;
  /** How long a claim with nothing stored under its run is taken as still starting (ms). */
  claimMs: number;
}

/** A key's stored record. */
export interface IdempotencyRecord {
  request_hash: string;
  state: 'in_flight' | 'done';
  conversation_id: string | null;
  run_id: string | null;
  /** Whether the claim's time to start has passed. */
  stale: boolean;
  response_status: number | null;
  response: string | null;
}

/**
 * Claims a key for a request: returns undefined when this request now holds it (it was new, or its
 * record had expired), else the record that holds it. Keys are per user.
 */
export async function claimIdempotencyKey(
  db: Queryable,
  request: IdempotencyRequest,
): Promise<IdempotencyRecord | undefined> {
  const { rows } = await db.query<IdempotencyRecord & { claimed: boolean }>(
    `WITH expired AS (
       DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND expires_at <= now()
     ), claimed AS (
       INSERT INTO idempotency_keys (user_id, key, request_hash, state, conversation_id, run_id, claimed_until, expires_at)
       VALUES ($1, $2, $3, 'in_flight', $4, $5, now() + ($6::int * interval '1 millisecond'),
         now() + ($7::bigint * interval '1 millisecond'))
       ON CONFLICT (user_id, key) DO NOTHING
       RETURNING 1
     )
     SELECT true AS claimed, NULL AS request_hash, NULL AS state, NULL AS conversation_id, NULL AS run_id,
       false AS stale, NULL AS response_status, NULL AS response FROM claimed
     UNION ALL
     SELECT false, request_hash, state, conversation_id, run_id, claimed_until <= now(), response_status, response
     FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND expires_at > now()`,
    [
      request.userId,
      request.key,
      request.requestHash,
      request.conversationId ?? null,
      request.runId ?? null,
      request.claimMs,
      request.ttlMs,
    ],
  );
  if (rows.some((row) => row.claimed)) return undefined;
  const held = rows[0];
  if (held) return held;
  // The key's record had expired (deleted above, so the insert saw it still there): claim it again.
  return claimIdempotencyKey(db, request);
}

/**
 * Takes over a claim whose request never started anything (its process died first): the key then
 * belongs to this request, under its own run. Returns whether it did (another retry may have been first).
 */
export async function retakeIdempotencyKey(
  db: Queryable,
  request: IdempotencyRequest,
  previousRunId: string | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE idempotency_keys SET run_id = $3, claimed_until = now() + ($4::int * interval '1 millisecond')
     WHERE user_id = $1 AND key = $2 AND state = 'in_flight' AND claimed_until <= now()
       AND run_id IS NOT DISTINCT FROM $5`,
    [request.userId, request.key, request.runId ?? null, request.claimMs, previousRunId],
  );
  return rowCount > 0;
}

/** Stores a request's outcome under its key: a retry gets it back. */
export async function completeIdempotencyKey(
  db: Queryable,
  key: { userId: string; key: string },
  response: { status: number; body: string },
): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET state = 'done', response_status = $3, response = $4
     WHERE user_id = $1 AND key = $2`,
    [key.userId, key.key, response.status, response.body],
  );
}

/** Frees a key whose request changed nothing (it was refused): a retry runs it again. */
export async function releaseIdempotencyKey(
  db: Queryable,
  key: { userId: string; key: string },
): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND state = 'in_flight'`, [
    key.userId,
    key.key,
  ]);
}

/** Deletes expired keys, at most `limit` of them. */
export async function deleteExpiredIdempotencyKeys(db: Queryable, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM idempotency_keys WHERE (user_id, key) IN (
       SELECT user_id, key FROM idempotency_keys WHERE expires_at <= now() LIMIT $1
     )`,
    [limit],
  );
  return rowCount;
}
