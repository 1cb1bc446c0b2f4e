import type { ApiMessage } from '../messages/api-message.ts';
import type { Queryable } from '../storage/database.ts';
import type { PendingCall } from './conversation.ts';
import { type MessageRow, toApiMessage } from './message-store.ts';
import type { StreamEvent } from './stream-event.ts';

/** How a run ended, as its stored stream says. */
export type StoredRunOutcome =
  | { state: 'running' }
  /** Nothing of the run is stored: it never started. */
  | { state: 'absent' }
  | {
      state: 'ended';
      userMessage: ApiMessage | null;
      /** `turn_saved`'s stop reason, or the code of the RUN_ERROR that ended the run unsaved. */
      end:
        | { saved: true; stopReason: string; messages: ApiMessage[]; pending: PendingCall[]; error?: string }
        | { saved: false; code: string; message: string };
    };

/**
 * Reads what became of a run from storage alone (for a retried request whose first answer was lost):
 * still running, never started, or ended — saved (`turn_saved`) or not (its RUN_ERROR), with the user
 * message it began with as stored now (its `unanswered` mark included).
 */
export async function readRunOutcome(
  db: Queryable,
  conversationId: string,
  runId: string,
): Promise<StoredRunOutcome> {
  const { rows: running } = await db.query(
    `SELECT 1 FROM conversations WHERE id = $1 AND run_id = $2 AND status = 'running'`,
    [conversationId, runId],
  );
  if (running.length > 0) return { state: 'running' };
  const { rows: chunks } = await db.query<{ events: string }>(
    'SELECT events FROM stream_chunks WHERE conversation_id = $1 AND run_id = $2 ORDER BY last_seq',
    [conversationId, runId],
  );
  const events = chunks.flatMap((chunk) => JSON.parse(chunk.events) as StreamEvent[]);
  if (events.length === 0) return { state: 'absent' };
  const { rows: users } = await db.query<MessageRow>(
    `SELECT seq, id, role, content, tool_calls, tool_call_id, name, is_error, unanswered, created_at
     FROM messages WHERE conversation_id = $1 AND run_id = $2 AND role = 'user' ORDER BY seq LIMIT 1`,
    [conversationId, runId],
  );
  const userMessage = users[0] ? toApiMessage(users[0]) : null;
  const saved = events.find((event) => event.type === 'CUSTOM' && event.name === 'turn_saved');
  const failure = events.findLast((event) => event.type === 'RUN_ERROR') as
    | { code?: string; message: string }
    | undefined;
  if (saved) {
    const value = (
      saved as { value: { stop_reason: string; messages: ApiMessage[]; pending: PendingCall[] } }
    ).value;
    return {
      state: 'ended',
      userMessage,
      end: {
        saved: true,
        stopReason: value.stop_reason,
        messages: value.messages,
        pending: value.pending,
        ...(failure ? { error: failure.message } : {}),
      },
    };
  }
  if (!failure) return { state: 'running' };
  return {
    state: 'ended',
    userMessage,
    end: { saved: false, code: failure.code ?? 'error', message: failure.message },
  };
}
