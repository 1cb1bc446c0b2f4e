import { ApiError, conversationNotFound } from '../http/api-error.ts';
import type { Database, Queryable } from '../storage/database.ts';
import { parseSession } from './conversation.ts';
import { json } from './conversation-store.ts';
import { rebuildSessionHistory } from './message-store.ts';

/**
 * Changes a conversation's stored messages by hand (add, delete) and rebuilds the session's history
 * from them, in one transaction. Refused (409) while a turn holds the conversation; a suspended step
 * is settled (its open calls count as not run, its approvals are abandoned).
 */
export async function editHistory<T>(
  db: Database,
  userId: string,
  conversationId: string,
  edit: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ session: string; leased: boolean }>(
      `SELECT session, (lease_owner IS NOT NULL AND lease_expires_at > now()) AS leased
       FROM conversations WHERE id = $1 AND user_id = $2 FOR UPDATE`,
      [conversationId, userId],
    );
    const row = rows[0];
    if (!row) throw conversationNotFound(conversationId);
    if (row.leased)
      throw new ApiError(
        409,
        'conversation_busy',
        'a turn is running in this conversation; wait for it or stop it',
      );
    const result = await edit(tx);
    const stored = parseSession(row.session);
    const { session, lastSeq } = await rebuildSessionHistory(tx, conversationId, stored);
    await tx.query(
      `UPDATE conversations SET session = $2, session_version = session_version + 1, session_message_seq = $3,
         status = 'idle', pending = '[]'::jsonb, run_id = NULL, updated_at = now() WHERE id = $1`,
      [conversationId, json(session), lastSeq],
    );
    if (stored.suspended) {
      await tx.query(
        `UPDATE approvals SET status = 'abandoned', decided_at = now() WHERE conversation_id = $1 AND status = 'pending'`,
        [conversationId],
      );
    }
    return result;
  });
}
