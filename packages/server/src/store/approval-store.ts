import type { Queryable } from '../storage/database.ts';

/** What a person decided, or will decide, about a call that needed approval. */
export type ApprovalStatus = 'pending' | 'approved' | 'denied' | 'abandoned';

/** A stored approval: a call that waited for a person's decision. */
export interface ApprovalRow {
  call_id: string;
  run_id: string;
  tool_name: string;
  server: string | null;
  tool: string | null;
  input: unknown;
  status: ApprovalStatus;
  remember: boolean;
  created_at: Date;
  decided_at: Date | null;
}

/** A conversation's approvals with the given status (or all of them), oldest first. */
export async function listApprovals(
  db: Queryable,
  conversationId: string,
  status: ApprovalStatus | 'all',
): Promise<ApprovalRow[]> {
  const { rows } = await db.query<ApprovalRow>(
    `SELECT call_id, run_id, tool_name, server, tool, input, status, remember, created_at, decided_at FROM approvals
     WHERE conversation_id = $1 AND ($2 = 'all' OR status = $2) ORDER BY created_at, call_id`,
    [conversationId, status],
  );
  return rows;
}

/** Marks the conversation's pending approvals abandoned. */
export async function abandonApprovals(tx: Queryable, conversationId: string): Promise<void> {
  await tx.query(
    `UPDATE approvals SET status = 'abandoned', decided_at = now() WHERE conversation_id = $1 AND status = 'pending'`,
    [conversationId],
  );
}
