import type { AgentSessionSnapshot } from '@switchboard/core';
import type { Database, Queryable } from '../storage/database.ts';
import { type ConversationRow, type ConversationStatus, parseSession } from './conversation.ts';
import { markUnanswered } from './message-store.ts';
import type { StreamEvent } from './stream-event.ts';
import { insertStreamEvents } from './stream-event-store.ts';

/** The message of the RUN_ERROR that closes a turn whose gateway stopped in the middle. */
export const INTERRUPTED_MESSAGE =
  'the gateway running this turn stopped before it finished; the turn was not saved (the user message was kept)';

/**
 * Extends the lease of a running turn. Returns whether a stop was requested, or `lost` when the
 * lease is no longer this turn's (it expired and was taken over).
 */
export async function renewLease(
  db: Queryable,
  lease: { conversationId: string; owner: string; runId: string; leaseMs: number },
): Promise<'ok' | 'stop' | 'lost'> {
  const { rows } = await db.query<{ stop_requested: boolean }>(
    `UPDATE conversations SET lease_expires_at = now() + ($4::int * interval '1 millisecond')
     WHERE id = $1 AND lease_owner = $2 AND run_id = $3 RETURNING stop_requested`,
    [lease.conversationId, lease.owner, lease.runId, lease.leaseMs],
  );
  if (!rows[0]) return 'lost';
  return rows[0].stop_requested ? 'stop' : 'ok';
}

/**
 * Asks the turn running in a conversation, on whichever gateway, to stop (its lease renewal reads
 * the request). Returns whether a turn was running.
 */
export async function requestStop(db: Queryable, conversationId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE conversations SET stop_requested = true WHERE id = $1 AND status = 'running'`,
    [conversationId],
  );
  return rowCount > 0;
}

/** The user's conversations in which a turn is running, on whichever gateway. */
export async function runningConversationsOf(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM conversations WHERE user_id = $1 AND status = 'running' ORDER BY id`,
    [userId],
  );
  return rows.map((row) => row.id);
}

/** Where a conversation's run stands, as a follower of its stream needs it. */
export interface RunState {
  status: ConversationStatus;
  /** The seq of the last event a committed turn stored. */
  event_seq: number;
  /** Whether no live lease holds the conversation. */
  expired: boolean;
}

/** The conversation's {@link RunState}, or undefined when it is gone. */
export async function readRunState(db: Queryable, conversationId: string): Promise<RunState | undefined> {
  const { rows } = await db.query<RunState>(
    'SELECT status, event_seq, COALESCE(lease_expires_at <= now(), true) AS expired FROM conversations WHERE id = $1',
    [conversationId],
  );
  return rows[0];
}

/**
 * Gives a conversation back without a turn (the turn could not start): restores its status, marks
 * the user message it began with `failed` and stores the RUN_ERROR that ends the run's stream.
 */
export async function releaseConversation(
  db: Database,
  lease: { conversationId: string; owner: string; runId: string; status: ConversationStatus; seq: number },
  event: StreamEvent,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE conversations SET status = $4, run_id = NULL, lease_owner = NULL, lease_expires_at = NULL,
         stop_requested = false, event_seq = $5
       WHERE id = $1 AND lease_owner = $2 AND run_id = $3`,
      [lease.conversationId, lease.owner, lease.runId, lease.status, lease.seq],
    );
    if (rowCount === 0) return;
    await insertStreamEvents(tx, lease.conversationId, lease.runId, [{ seq: lease.seq, event }]);
    await markUnanswered(tx, lease.conversationId, lease.runId, 'failed');
  });
}

/**
 * Closes a turn whose gateway died (its lease expired while it was running): see
 * {@link closeInterruptedRun}. Returns whether there was such a turn.
 */
export async function recoverInterruptedTurn(db: Database, conversationId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Pick<ConversationRow, 'run_id' | 'event_seq'> & { session: string }>(
      `SELECT run_id, event_seq, session FROM conversations
       WHERE id = $1 AND status = 'running' AND lease_expires_at <= now() FOR UPDATE`,
      [conversationId],
    );
    const row = rows[0];
    if (!row?.run_id) return false;
    await closeInterruptedRun(tx, conversationId, row);
    return true;
  });
}

/**
 * Closes the turns a gateway instance was running when it stopped (it is starting again under the
 * same instance id, so none of them can still be running): each is closed as {@link closeInterruptedRun}
 * does, without waiting for its lease to expire. Returns the conversations closed.
 */
export async function interruptOwnRuns(db: Database, owner: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<
      Pick<ConversationRow, 'id' | 'run_id' | 'event_seq'> & { session: string }
    >(
      `SELECT id, run_id, event_seq, session FROM conversations
       WHERE status = 'running' AND lease_owner = $1 FOR UPDATE`,
      [owner],
    );
    for (const row of rows) if (row.run_id) await closeInterruptedRun(tx, row.id, row);
    return rows.map((row) => row.id);
  });
}

/**
 * Closes a run whose gateway stopped in the middle, inside the caller's transaction (the
 * conversation's row locked): stores the RUN_ERROR `interrupted` that ends its stream, marks the
 * user message it began with `interrupted`, restores the status from the last committed session and
 * frees the lease.
 */
export async function closeInterruptedRun(
  tx: Queryable,
  conversationId: string,
  run: { run_id: string | null; event_seq: number; session: string },
): Promise<number> {
  const seq = interruptedSeq(run.event_seq);
  if (!run.run_id) return seq;
  await insertStreamEvents(tx, conversationId, run.run_id, [{ seq, event: interruptedEvent() }]);
  await markUnanswered(tx, conversationId, run.run_id, 'interrupted');
  await tx.query(
    `UPDATE conversations SET status = $2, run_id = NULL, lease_owner = NULL, lease_expires_at = NULL,
       stop_requested = false, event_seq = $3 WHERE id = $1`,
    [conversationId, statusOf(parseSession(run.session)), seq],
  );
  return seq;
}

/**
 * Event ids a running turn may use: its events are numbered from the conversation's `event_seq`
 * (which stays put until the turn commits) and are streamed before they are stored, so a client may
 * hold ids of events a crash lost. The RUN_ERROR closing a crashed turn is numbered past all of them,
 * so no id is ever used twice and a client resuming from any id it saw still gets it. (A turn would
 * need a million events for this to fall short.)
 */
export const RUN_EVENT_IDS = 1_000_000;

/** The id of the RUN_ERROR that closes a crashed turn (see {@link RUN_EVENT_IDS}). */
export function interruptedSeq(eventSeq: number): number {
  return eventSeq + RUN_EVENT_IDS + 1;
}

/** The status a committed session implies. */
export function statusOf(session: AgentSessionSnapshot): ConversationStatus {
  const pending = session.suspended?.pending ?? [];
  if (pending.length === 0) return 'idle';
  return pending.some((call) => call.reason === 'approval') ? 'awaiting_approval' : 'awaiting_client_tool';
}

/** The RUN_ERROR that ends the stream of a turn whose gateway died. */
export function interruptedEvent(): StreamEvent {
  return { type: 'RUN_ERROR', message: INTERRUPTED_MESSAGE, code: 'interrupted', timestamp: Date.now() };
}
