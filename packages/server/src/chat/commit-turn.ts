import type { AgentSessionSnapshot, ApprovalPolicy } from '@switchboard/core';
import type { ApiMessage, MessageDraft } from '../messages/api-message.ts';
import type { Database } from '../storage/database.ts';
import type { ConversationStatus, PendingCall } from '../store/conversation.ts';
import { json } from '../store/conversation-store.ts';
import { type MessageRow, toApiMessage } from '../store/message-store.ts';
import { newId } from '../store/new-id.ts';
import type { SequencedEvent } from './stream-event.ts';

/** A call waiting for a person's decision, stored for the approvals list. */
export interface ApprovalRequest {
  call_id: string;
  tool_name: string;
  server?: string;
  tool?: string;
  input: unknown;
}

/** A decision taken by this turn. */
export interface ApprovalDecision {
  call_id: string;
  status: 'approved' | 'denied';
  remember: boolean;
}

/** The usage record of a turn. */
export interface TurnUsage {
  userId: string;
  model: string;
  stopReason: string;
  inputTokens: number;
  outputTokens: number;
  modelCalls: number;
  toolCalls: number;
  elapsedMs: number;
}

/** Everything a turn writes when it ends. */
export interface TurnCommit {
  conversationId: string;
  owner: string;
  runId: string;
  session: AgentSessionSnapshot;
  status: ConversationStatus;
  /** The calls the conversation now waits for. */
  pending: PendingCall[];
  messages: MessageDraft[];
  /** Events not stored yet, then (built from the messages about to be stored) the ones that close the run. */
  events: SequencedEvent[];
  closingEvents: (messages: ApiMessage[]) => SequencedEvent[];
  canvas: Array<{ kind: 'widget' | 'canvas'; payload: unknown }>;
  approvalRequests: ApprovalRequest[];
  approvalDecisions: ApprovalDecision[];
  /** A new conversation policy (a decision to remember). */
  approvalPolicy?: ApprovalPolicy;
  usage: TurnUsage;
  /** Set as the title when the conversation has none. */
  title?: string;
}

/** The lease was lost (the turn ran past it and another gateway took over): nothing was saved. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/**
 * Commits a turn in one statement (so in one transaction): its messages, the session snapshot
 * (history, result buffer, activated servers, suspended step), stream events, canvas events,
 * approvals, usage, the new status, and the lease's release. Either all of it is visible or none: a
 * crash never leaves half a turn. Nothing is written, and {@link LeaseLostError} thrown, when the
 * conversation is no longer this turn's.
 */
export async function commitTurn(
  db: Database,
  commit: TurnCommit,
): Promise<{ messages: MessageRow[]; events: SequencedEvent[] }> {
  const now = Date.now();
  const planned = commit.messages.map((draft, index) => ({
    id: newId('msg'),
    role: draft.role,
    content: draft.content,
    tool_calls: draft.tool_calls ?? null,
    tool_call_id: draft.tool_call_id ?? null,
    name: draft.name ?? null,
    is_error: draft.is_error ?? false,
    created_at: new Date(now + index).toISOString(),
  }));
  const closing = commit.closingEvents(
    planned.map((row) => toApiMessage({ ...row, seq: 0, created_at: new Date(row.created_at) })),
  );
  const events = [...commit.events, ...closing];
  const usage = commit.usage;
  const { rows } = await db.query<MessageRow & { updated: number }>(
    `WITH lease AS (
       SELECT id FROM conversations WHERE id = $1 AND lease_owner = $2 AND run_id = $3 FOR UPDATE
     ), stored_messages AS (
       INSERT INTO messages (id, conversation_id, role, content, tool_calls, tool_call_id, name, is_error, run_id, created_at)
       SELECT r.id, lease.id, r.role, r.content, r.tool_calls, r.tool_call_id, r.name, r.is_error, $3, r.created_at
       FROM lease, jsonb_to_recordset($9::jsonb) AS r(ord int, id text, role text, content text, tool_calls jsonb,
         tool_call_id text, name text, is_error boolean, created_at timestamptz)
       ORDER BY r.ord
       RETURNING seq, id, role, content, tool_calls, tool_call_id, name, is_error, created_at
     ), updated AS (
       UPDATE conversations SET session = $4::jsonb, status = $5, pending = $6::jsonb,
         session_message_seq = COALESCE((SELECT max(seq) FROM stored_messages), session_message_seq),
         event_seq = COALESCE($11::bigint, event_seq),
         title = CASE WHEN title = '' AND $7::text IS NOT NULL THEN $7 ELSE title END,
         approval_policy = COALESCE($8::jsonb, approval_policy),
         run_id = NULL, lease_owner = NULL, lease_expires_at = NULL, stop_requested = false, updated_at = now()
       WHERE id IN (SELECT id FROM lease) RETURNING id
     ), stored_events AS (
       INSERT INTO stream_events (conversation_id, seq, run_id, event)
       SELECT lease.id, (e->>'seq')::bigint, $3, e->'event' FROM lease, jsonb_array_elements($10::jsonb) AS e
     ), stored_canvas AS (
       INSERT INTO canvas_events (conversation_id, run_id, kind, payload)
       SELECT lease.id, $3, c->>'kind', c->'payload' FROM lease, jsonb_array_elements($12::jsonb) WITH ORDINALITY AS t(c, n)
       ORDER BY t.n
     ), requested AS (
       INSERT INTO approvals (conversation_id, call_id, run_id, tool_name, server, tool, input)
       SELECT lease.id, a.call_id, $3, a.tool_name, a.server, a.tool, a.input
       FROM lease, jsonb_to_recordset($13::jsonb) AS a(call_id text, tool_name text, server text, tool text, input jsonb)
       ON CONFLICT (conversation_id, call_id) DO NOTHING
     ), decided AS (
       UPDATE approvals SET status = d.status, remember = d.remember, decided_at = now()
       FROM jsonb_to_recordset($14::jsonb) AS d(call_id text, status text, remember boolean)
       WHERE approvals.conversation_id IN (SELECT id FROM lease) AND approvals.call_id = d.call_id
     ), used AS (
       INSERT INTO usage (user_id, conversation_id, run_id, model, stop_reason, input_tokens, output_tokens,
         model_calls, tool_calls, elapsed_ms)
       SELECT $15, lease.id, $3, $16, $17, $18, $19, $20, $21, $22 FROM lease
     )
     SELECT (SELECT count(*) FROM updated)::int AS updated, m.* FROM (SELECT 1) AS one
     LEFT JOIN stored_messages AS m ON true ORDER BY m.seq`,
    [
      commit.conversationId,
      commit.owner,
      commit.runId,
      json(commit.session),
      commit.status,
      json(commit.pending),
      commit.title ?? null,
      commit.approvalPolicy ? json(commit.approvalPolicy) : null,
      json(planned.map((row, ord) => ({ ord, ...row }))),
      json(events),
      events.at(-1)?.seq ?? null,
      json(commit.canvas),
      json(commit.approvalRequests),
      json(commit.approvalDecisions),
      usage.userId,
      usage.model,
      usage.stopReason,
      usage.inputTokens,
      usage.outputTokens,
      usage.modelCalls,
      usage.toolCalls,
      usage.elapsedMs,
    ],
  );
  if (rows[0]?.updated !== 1)
    throw new LeaseLostError('the conversation lease was lost before the turn was saved');
  const messages = rows.filter((row) => row.id !== null).map(({ updated: _updated, ...row }) => row);
  return { messages, events: closing };
}
