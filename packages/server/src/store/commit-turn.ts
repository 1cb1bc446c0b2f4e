import type { AgentSessionSnapshot, ApprovalPolicy } from '@switchboard/core';
import type { ApiMessage, MessageDraft } from '../messages/api-message.ts';
import type { Database } from '../storage/database.ts';
import type { CachedSession } from './cached-session.ts';
import type { ConversationStatus, PendingCall } from './conversation.ts';
import { json } from './conversation-store.ts';
import { type MessageRow, toApiMessage } from './message-store.ts';
import { newId } from './new-id.ts';
import type { SequencedEvent } from './stream-event.ts';
import { chunkOf } from './stream-event-store.ts';
import type { TurnUsage } from './usage-store.ts';

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
  /**
   * The seq of the user's message this turn began with (stored when it was acknowledged): the
   * committed session accounts for it even when the turn stores no message of its own.
   */
  userMessageSeq?: number;
  /** Set when the model answered nothing (the turn failed): that user message is marked `failed`. */
  failedUserMessageSeq?: number;
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

/** What a commit stored. */
export interface CommittedTurn {
  /** The turn's messages, numbered, in order. */
  messages: MessageRow[];
  /** The events that closed the run (stored with the rest). */
  events: SequencedEvent[];
  /** The session as committed: its version and its JSON. */
  session: CachedSession;
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
export async function commitTurn(db: Database, commit: TurnCommit): Promise<CommittedTurn> {
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
    planned.map((row) =>
      toApiMessage({ ...row, seq: 0, unanswered: null, created_at: new Date(row.created_at) }),
    ),
  );
  const events = [...commit.events, ...closing];
  const chunk = events.length > 0 ? chunkOf(events) : undefined;
  const usage = commit.usage;
  const sessionJson = json(commit.session);
  const params: unknown[] = [];
  const $ = (value: unknown) => `$${params.push(value)}`;
  const id = $(commit.conversationId);
  const run = $(commit.runId);
  const title = $(commit.title ?? null);
  // Canvas, approval and stream parts are left out of the statement when the turn has none: every
  // part costs the database work on each execution even when it writes nothing.
  const parts = [
    `lease AS (
       SELECT id FROM conversations WHERE id = ${id} AND lease_owner = ${$(commit.owner)} AND run_id = ${run} FOR UPDATE
     )`,
    `stored_messages AS (
       INSERT INTO messages (id, conversation_id, role, content, tool_calls, tool_call_id, name, is_error, run_id, created_at)
       SELECT r.id, lease.id, r.role, r.content, r.tool_calls, r.tool_call_id, r.name, r.is_error, ${run}, r.created_at
       FROM lease, json_to_recordset(${$(json(planned.map((row, ord) => ({ ord, ...row }))))}::json) AS r(ord int, id text,
         role text, content text, tool_calls jsonb, tool_call_id text, name text, is_error boolean, created_at timestamptz)
       ORDER BY r.ord
       RETURNING seq, id
     )`,
    `updated AS (
       UPDATE conversations SET session = ${$(sessionJson)}, session_version = session_version + 1,
         tool_turns = ${$(commit.session.toolTurns)}, status = ${$(commit.status)},
         pending = ${$(json(commit.pending))}::jsonb,
         session_message_seq = COALESCE((SELECT max(seq) FROM stored_messages), ${$(commit.userMessageSeq ?? null)}::bigint, session_message_seq),
         event_seq = ${chunk ? `${$(chunk.last)}::bigint` : 'event_seq'},
         title = CASE WHEN title = '' AND ${title}::text IS NOT NULL THEN ${title} ELSE title END,
         approval_policy = ${commit.approvalPolicy ? `${$(json(commit.approvalPolicy))}::jsonb` : 'approval_policy'},
         run_id = NULL, lease_owner = NULL, lease_expires_at = NULL, stop_requested = false, updated_at = now()
       WHERE id IN (SELECT id FROM lease) RETURNING session_version
     )`,
    `used AS (
       INSERT INTO usage (user_id, conversation_id, run_id, model, stop_reason, input_tokens, output_tokens,
         cache_read_tokens, cache_write_tokens, model_calls, tool_calls, elapsed_ms)
       SELECT ${$(usage.userId)}, lease.id, ${run}, ${$(usage.model)}, ${$(usage.stopReason)}, ${$(usage.inputTokens)},
         ${$(usage.outputTokens)}, ${$(usage.cacheReadTokens)}, ${$(usage.cacheWriteTokens)}, ${$(usage.modelCalls)}, ${$(usage.toolCalls)}, ${$(usage.elapsedMs)} FROM lease
     )`,
  ];
  if (chunk)
    parts.push(`stored_events AS (
       INSERT INTO stream_chunks (conversation_id, first_seq, last_seq, run_id, events)
       SELECT lease.id, ${$(chunk.first)}, ${$(chunk.last)}, ${run}, ${$(chunk.events)} FROM lease
     )`);
  if (commit.failedUserMessageSeq !== undefined)
    parts.push(`failed_message AS (
       UPDATE messages SET unanswered = 'failed'
       WHERE conversation_id IN (SELECT id FROM lease) AND seq = ${$(commit.failedUserMessageSeq)}::bigint
     )`);
  if (commit.canvas.length > 0)
    parts.push(`stored_canvas AS (
       INSERT INTO canvas_events (conversation_id, run_id, kind, payload)
       SELECT lease.id, ${run}, c->>'kind', c->'payload'
       FROM lease, jsonb_array_elements(${$(json(commit.canvas))}::jsonb) WITH ORDINALITY AS t(c, n)
       ORDER BY t.n
     )`);
  if (commit.approvalRequests.length > 0)
    parts.push(`requested AS (
       INSERT INTO approvals (conversation_id, call_id, run_id, tool_name, server, tool, input)
       SELECT lease.id, a.call_id, ${run}, a.tool_name, a.server, a.tool, a.input
       FROM lease, jsonb_to_recordset(${$(json(commit.approvalRequests))}::jsonb)
         AS a(call_id text, tool_name text, server text, tool text, input jsonb)
       ON CONFLICT (conversation_id, call_id) DO NOTHING
     )`);
  if (commit.approvalDecisions.length > 0)
    parts.push(`decided AS (
       UPDATE approvals SET status = d.status, remember = d.remember, decided_at = now()
       FROM jsonb_to_recordset(${$(json(commit.approvalDecisions))}::jsonb) AS d(call_id text, status text, remember boolean)
       WHERE approvals.conversation_id IN (SELECT id FROM lease) AND approvals.call_id = d.call_id
     )`);
  const { rows } = await db.query<{ session_version: number | null; seq: number | null; id: string | null }>(
    `WITH ${parts.join(', ')}
     SELECT (SELECT session_version FROM updated), m.seq, m.id FROM (SELECT 1) AS one
     LEFT JOIN stored_messages AS m ON true`,
    params,
  );
  const sessionVersion = rows[0]?.session_version;
  if (sessionVersion === null || sessionVersion === undefined)
    throw new LeaseLostError('the conversation lease was lost before the turn was saved');
  const seqs = new Map(rows.map((row) => [row.id, row.seq ?? 0]));
  const messages = planned.map((row) => ({
    ...row,
    seq: seqs.get(row.id) ?? 0,
    created_at: new Date(row.created_at),
  }));
  return { messages, events: closing, session: { version: sessionVersion, json: sessionJson } };
}
