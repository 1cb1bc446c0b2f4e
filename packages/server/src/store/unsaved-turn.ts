import type { Database } from '../storage/database.ts';
import { parseSession } from './conversation.ts';
import { statusOf } from './conversation-lease.ts';
import { markUnanswered } from './message-store.ts';
import type { SequencedEvent } from './stream-event.ts';
import { insertStreamEvents } from './stream-event-store.ts';

/** A turn whose commit failed, or whose outcome the database did not confirm. */
export interface UnsavedTurn {
  conversationId: string;
  /** This gateway instance (lease holder). */
  owner: string;
  runId: string;
  /**
   * The seq of the last event the commit would have stored (its stream chunk ends there), or
   * undefined when the commit never reached the database.
   */
  committedLastSeq?: number;
  /** The run's events not stored yet and the RUN_ERROR `not_saved` that ends them, stored on release. */
  events: SequencedEvent[];
}

/**
 * What storage says of a turn whose commit failed: `saved` (the commit went through after all, e.g.
 * the connection was lost during COMMIT), `released` (it did not: the run's unstored events and its
 * RUN_ERROR are stored, its user message marked `not_saved`, its status restored from the last
 * committed session, and the lease freed at once), or `lost` (another holder took the conversation).
 */
export type UnsavedTurnState = 'saved' | 'released' | 'lost';

/**
 * Finds out whether a turn's failed commit was stored and, when it was not, gives the conversation
 * back. The conversation's row is locked first, so a commit still running on a lost connection is
 * waited for (it either commits or rolls back) before its rows are looked for. Throws when the
 * database cannot be reached (the outcome is then still unknown).
 */
export async function settleUnsavedTurn(db: Database, turn: UnsavedTurn): Promise<UnsavedTurnState> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ run_id: string | null; lease_owner: string | null; session: string }>(
      'SELECT run_id, lease_owner, session FROM conversations WHERE id = $1 FOR UPDATE',
      [turn.conversationId],
    );
    const row = rows[0];
    if (turn.committedLastSeq !== undefined) {
      const { rows: chunks } = await tx.query(
        'SELECT 1 FROM stream_chunks WHERE conversation_id = $1 AND last_seq = $2 AND run_id = $3',
        [turn.conversationId, turn.committedLastSeq, turn.runId],
      );
      if (chunks.length > 0) return 'saved';
    }
    if (!row || row.run_id !== turn.runId || row.lease_owner !== turn.owner) return 'lost';
    const last = turn.events.at(-1)?.seq;
    for (const run of consecutiveRuns(turn.events))
      await insertStreamEvents(tx, turn.conversationId, turn.runId, run);
    await markUnanswered(tx, turn.conversationId, turn.runId, 'not_saved');
    await tx.query(
      `UPDATE conversations SET status = $2, run_id = NULL, lease_owner = NULL, lease_expires_at = NULL,
         stop_requested = false, event_seq = COALESCE($3::bigint, event_seq), updated_at = now()
       WHERE id = $1`,
      [turn.conversationId, statusOf(parseSession(row.session)), last ?? null],
    );
    return 'released';
  });
}

/** Events split where their numbering skips (the closing events a failed commit numbered). */
function consecutiveRuns(events: readonly SequencedEvent[]): SequencedEvent[][] {
  const runs: SequencedEvent[][] = [];
  for (const event of events) {
    const current = runs.at(-1);
    if (current && current.at(-1)?.seq === event.seq - 1) current.push(event);
    else runs.push([event]);
  }
  return runs;
}
