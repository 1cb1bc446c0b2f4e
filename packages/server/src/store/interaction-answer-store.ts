import type { Queryable } from '../storage/database.ts';

/**
 * Keeps a person's answer to a server's question for the replica that runs the turn, when the
 * answer reached another one. Only a running conversation takes answers; returns whether it did.
 */
export async function storeInteractionAnswer(
  db: Queryable,
  conversationId: string,
  requestId: string,
  answer: unknown,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO interaction_answers (conversation_id, request_id, answer)
     SELECT id, $2, $3 FROM conversations WHERE id = $1 AND status = 'running'
     ON CONFLICT (conversation_id, request_id) DO UPDATE SET answer = EXCLUDED.answer, created_at = now()`,
    [conversationId, requestId, JSON.stringify(answer)],
  );
  return rowCount > 0;
}

/** Takes (reads and removes) the answers waiting for a conversation's turn. */
export async function takeInteractionAnswers(
  db: Queryable,
  conversationId: string,
): Promise<Array<{ requestId: string; answer: unknown }>> {
  const { rows } = await db.query<{ request_id: string; answer: string }>(
    `DELETE FROM interaction_answers WHERE conversation_id = $1 RETURNING request_id, answer`,
    [conversationId],
  );
  return rows.map((row) => ({ requestId: row.request_id, answer: JSON.parse(row.answer) as unknown }));
}
