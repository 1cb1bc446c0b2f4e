import type { Queryable } from '../storage/database.ts';
import { json } from './conversation-store.ts';

/** Whom a question waits for: the user, and the conversation whose turn asks (none: a direct call). */
export interface QuestionAsker {
  userId: string;
  conversationId?: string;
}

/** What became of an answer kept for the replica that asked: kept, or why not. */
export type KeptAnswer = 'kept' | 'unknown' | 'closed';

/** How long records of answered, timed-out and ended questions are kept (to tell them from unknown ones). */
const KEPT_AFTER_CLOSING = '1 day';

/**
 * Records a form, link or approval a server asks a user for (during a turn or a direct tool call),
 * waiting until `expiresAt` (epoch ms), so that an answer reaching another replica finds it. Drops
 * records closed or expired long ago on the way.
 */
export async function recordPendingQuestion(
  db: Queryable,
  question: QuestionAsker & { requestId: string; expiresAt: number },
): Promise<void> {
  await db.query(
    `DELETE FROM pending_questions
     WHERE coalesce(closed_at, expires_at) < now() - interval '${KEPT_AFTER_CLOSING}'`,
  );
  await db.query(
    `INSERT INTO pending_questions (request_id, user_id, conversation_id, expires_at)
     VALUES ($1, $2, $3, to_timestamp($4::double precision / 1000))`,
    [question.requestId, question.userId, question.conversationId ?? null, question.expiresAt],
  );
}

/**
 * Keeps a user's answer for the replica that asked (replacing one it has not taken yet), when the
 * question is the asker's and still waits: `kept`; `closed` when it was answered, timed out or its
 * turn or call ended; `unknown` when the asker has no such question.
 */
export async function keepAnswer(
  db: Queryable,
  asker: QuestionAsker,
  requestId: string,
  answer: unknown,
): Promise<KeptAnswer> {
  const mine = 'request_id = $1 AND user_id = $2 AND conversation_id IS NOT DISTINCT FROM $3';
  const params = [requestId, asker.userId, asker.conversationId ?? null];
  const { rowCount } = await db.query(
    `UPDATE pending_questions SET answer = $4
     WHERE ${mine} AND closed_at IS NULL AND expires_at > now()`,
    [...params, json(answer)],
  );
  if (rowCount > 0) return 'kept';
  const { rows } = await db.query(`SELECT 1 FROM pending_questions WHERE ${mine}`, params);
  return rows.length > 0 ? 'closed' : 'unknown';
}

/** The answers other replicas kept for questions still waiting, as stored, by request id. */
export async function keptAnswers(
  db: Queryable,
  requestIds: readonly string[],
): Promise<Map<string, string>> {
  const { rows } = await db.query<{ request_id: string; answer: string }>(
    `SELECT request_id, answer FROM pending_questions
     WHERE request_id IN (SELECT jsonb_array_elements_text($1::jsonb))
       AND answer IS NOT NULL AND closed_at IS NULL`,
    [json(requestIds)],
  );
  return new Map(rows.map((row) => [row.request_id, row.answer]));
}

/** Drops a kept answer the asker refused (e.g. it does not fit the form) unless a newer one replaced it. */
export async function dropKeptAnswer(db: Queryable, requestId: string, answer: string): Promise<void> {
  await db.query('UPDATE pending_questions SET answer = NULL WHERE request_id = $1 AND answer = $2', [
    requestId,
    answer,
  ]);
}

/**
 * Marks a question answered, timed out or ended: it takes no more answers, and the answer kept for
 * it (what the person typed) is forgotten; the record stays only to tell it from an unknown one.
 */
export async function closePendingQuestion(db: Queryable, requestId: string): Promise<void> {
  await db.query(
    `UPDATE pending_questions SET closed_at = now(), answer = NULL
     WHERE request_id = $1 AND closed_at IS NULL`,
    [requestId],
  );
}
