import type { Database, Queryable } from '../storage/database.ts';
import { abandonApprovals } from './approval-store.ts';
import { parseSession } from './conversation.ts';
import { ConversationBusyError, ConversationNotFoundError } from './conversation-errors.ts';
import { json } from './conversation-store.ts';
import { rebuildSessionHistory } from './message-store.ts';

/**
 * Changes a conversation's stored messages by hand (add, delete) and rebuilds the session's history
 * from them, in one transaction. Refused ({@link ConversationBusyError}) while a turn holds the
 * conversation ({@link ConversationNotFoundError} when it is not the user's); a suspended step
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
    if (!row) throw new ConversationNotFoundError(conversationId);
    if (row.leased) throw new ConversationBusyError();
    const result = await edit(tx);
    const stored = parseSession(row.session);
    const { session, lastSeq } = await rebuildSessionHistory(tx, conversationId, stored);
    await tx.query(
      `UPDATE conversations SET session = $2, session_version = session_version + 1, session_message_seq = $3,
         status = 'idle', pending = '[]'::jsonb, run_id = NULL, updated_at = now() WHERE id = $1`,
      [conversationId, json(session), lastSeq],
    );
    if (stored.suspended) await abandonApprovals(tx, conversationId);
    return result;
  });
}
