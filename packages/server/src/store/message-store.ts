import type { AgentSessionSnapshot } from '@switchboard/core';
import type { ApiMessage, ApiToolCall, MessageDraft, UnansweredReason } from '../messages/api-message.ts';
import { fromApiMessages } from '../messages/from-api-messages.ts';
import type { Queryable } from '../storage/database.ts';
import { iso } from './conversation.ts';
import { MessageNotFoundError } from './conversation-errors.ts';
import { json } from './conversation-store.ts';
import { newId } from './new-id.ts';

/** A stored message row. */
export interface MessageRow {
  seq: number;
  id: string;
  role: ApiMessage['role'];
  content: string | null;
  tool_calls: ApiToolCall[] | null;
  tool_call_id: string | null;
  name: string | null;
  is_error: boolean;
  /** A user message its turn never answered, and why. */
  unanswered?: UnansweredReason | null;
  /** The turn that stored it (null for a message added by hand). */
  run_id?: string | null;
  created_at: Date;
}

const MESSAGE_COLUMNS =
  'seq, id, role, content, tool_calls, tool_call_id, name, is_error, unanswered, run_id, created_at';

/** The API view of a message row (optional fields only when set). */
export function toApiMessage(row: MessageRow): ApiMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    timestamp: iso(row.created_at),
    ...(row.tool_calls ? { tool_calls: row.tool_calls } : {}),
    ...(row.tool_call_id ? { tool_call_id: row.tool_call_id } : {}),
    ...(row.name ? { name: row.name } : {}),
    ...(row.is_error ? { is_error: true } : {}),
    ...(row.unanswered ? { unanswered: row.unanswered } : {}),
  };
}

/**
 * Marks the user message a run began with as never answered (see {@link UnansweredReason}); a
 * message already marked keeps its first mark.
 */
export async function markUnanswered(
  db: Queryable,
  conversationId: string,
  runId: string,
  reason: UnansweredReason,
): Promise<void> {
  await db.query(
    `UPDATE messages SET unanswered = $3
     WHERE conversation_id = $1 AND run_id = $2 AND role = 'user' AND unanswered IS NULL`,
    [conversationId, runId, reason],
  );
}

/** All of a conversation's messages, in order. */
export async function listMessages(db: Queryable, conversationId: string): Promise<MessageRow[]> {
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE conversation_id = $1 ORDER BY seq`,
    [conversationId],
  );
  return rows;
}

/** Where a page of messages starts or ends: the seq of a message of the conversation. */
export async function messageSeq(
  db: Queryable,
  conversationId: string,
  messageId: string,
): Promise<number | undefined> {
  const { rows } = await db.query<{ seq: number }>(
    'SELECT seq FROM messages WHERE conversation_id = $1 AND id = $2',
    [conversationId, messageId],
  );
  return rows[0] === undefined ? undefined : Number(rows[0].seq);
}

/** A page of a conversation's messages, in order, and whether the conversation holds more on either side. */
export interface MessagePage {
  rows: MessageRow[];
  /** Earlier messages exist before the page. */
  earlier: boolean;
  /** Later messages exist after the page. */
  later: boolean;
}

/**
 * At most `limit` messages between the seqs `after` and `before` (both left out, either open), in
 * order: the oldest of that range, or its newest with `newest`. One query reads one row past the
 * page to tell whether the range holds more.
 */
export async function pageOfMessages(
  db: Queryable,
  conversationId: string,
  range: { after?: number; before?: number; limit: number; newest: boolean },
): Promise<MessagePage> {
  const params: unknown[] = [conversationId];
  let where = 'conversation_id = $1';
  if (range.after !== undefined) where += ` AND seq > $${params.push(range.after)}`;
  if (range.before !== undefined) where += ` AND seq < $${params.push(range.before)}`;
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE ${where}
     ORDER BY seq ${range.newest ? 'DESC' : 'ASC'} LIMIT $${params.push(range.limit + 1)}`,
    params,
  );
  const more = rows.length > range.limit;
  const page = rows.slice(0, range.limit);
  if (range.newest) page.reverse();
  return {
    rows: page,
    earlier: range.after !== undefined || (range.newest && more),
    later: range.before !== undefined || (!range.newest && more),
  };
}

/**
 * Inserts messages in order with one statement and returns the stored rows (ids and timestamps set).
 * `runId` ties them to the turn that produced them.
 */
export async function insertMessages(
  db: Queryable,
  conversationId: string,
  drafts: readonly MessageDraft[],
  runId: string | null,
): Promise<MessageRow[]> {
  if (drafts.length === 0) return [];
  const records = drafts.map((draft, index) => ({
    ord: index,
    id: newId('msg'),
    role: draft.role,
    content: draft.content,
    tool_calls: draft.tool_calls ?? null,
    tool_call_id: draft.tool_call_id ?? null,
    name: draft.name ?? null,
    is_error: draft.is_error ?? false,
  }));
  const { rows } = await db.query<MessageRow>(
    `INSERT INTO messages (id, conversation_id, role, content, tool_calls, tool_call_id, name, is_error, run_id)
     SELECT r.id, $1, r.role, r.content, r.tool_calls, r.tool_call_id, r.name, r.is_error, $3
     FROM jsonb_to_recordset($2::jsonb) AS r(ord int, id text, role text, content text, tool_calls jsonb,
       tool_call_id text, name text, is_error boolean)
     ORDER BY r.ord
     RETURNING ${MESSAGE_COLUMNS}`,
    [conversationId, json(records), runId],
  );
  return rows.sort((a, b) => a.seq - b.seq);
}

/**
 * Deletes a message and, when it made tool calls, their results. Returns the deleted ids (the
 * message's first); throws {@link MessageNotFoundError} when the message is not the conversation's.
 */
export async function deleteMessage(
  db: Queryable,
  conversationId: string,
  messageId: string,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string; tool_calls: Array<{ id: string }> | null }>(
    'DELETE FROM messages WHERE conversation_id = $1 AND id = $2 RETURNING id, tool_calls',
    [conversationId, messageId],
  );
  if (!rows[0]) throw new MessageNotFoundError(messageId);
  const callIds = (rows[0].tool_calls ?? []).map((call) => call.id);
  if (callIds.length === 0) return [rows[0].id];
  const { rows: results } = await db.query<{ id: string }>(
    `DELETE FROM messages WHERE conversation_id = $1 AND role = 'tool' AND tool_call_id IN (SELECT jsonb_array_elements_text($2::jsonb))
     RETURNING id`,
    [conversationId, json(callIds)],
  );
  return [rows[0].id, ...results.map((row) => row.id)];
}

/**
 * Rebuilds the session's history from the stored messages (after a message was added or deleted by
 * hand, or to take in the acknowledged message of a turn that never finished). A suspended step is
 * settled: its open calls count as not run. Returns the new snapshot and the last message seq.
 */
export async function rebuildSessionHistory(
  db: Queryable,
  conversationId: string,
  session: AgentSessionSnapshot,
): Promise<{ session: AgentSessionSnapshot; lastSeq: number }> {
  const rows = await listMessages(db, conversationId);
  const { suspended: _settled, ...rest } = session;
  return {
    session: { ...rest, messages: fromApiMessages(rows.map(toApiMessage)) },
    lastSeq: rows.at(-1)?.seq ?? 0,
  };
}
