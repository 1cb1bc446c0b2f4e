import { AgentSession, type ApprovalPolicy } from '@switchboard/core';
import type { Database, Queryable } from '../storage/database.ts';
import { jsonText } from '../storage/postgres-text.ts';
import {
  CONVERSATION_COLUMNS,
  type Conversation,
  type ConversationLimits,
  type ConversationViewRow,
  type EnabledTool,
  toConversation,
} from './conversation.ts';
import { newId } from './new-id.ts';

/** The fields a client may set on a conversation. */
export interface ConversationInput {
  title?: string;
  system_prompt?: string;
  context?: unknown;
  model?: string | null;
  enabled_tools?: EnabledTool[];
  limits?: ConversationLimits;
  approval_policy?: ApprovalPolicy | null;
}

/** One page of conversations. */
export interface ConversationPage {
  items: Conversation[];
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

/** Creates a conversation owned by `userId`. */
export async function createConversation(
  db: Queryable,
  userId: string,
  input: ConversationInput,
): Promise<Conversation> {
  const id = newId('conv');
  const session = new AgentSession({ id }).toJSON();
  const { rows } = await db.query<ConversationViewRow>(
    `INSERT INTO conversations (id, user_id, title, system_prompt, context, model, enabled_tools, limits, approval_policy, session)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10)
     RETURNING ${CONVERSATION_COLUMNS}`,
    [
      id,
      userId,
      input.title ?? '',
      input.system_prompt ?? '',
      json(input.context ?? null),
      input.model ?? null,
      json(input.enabled_tools ?? []),
      json(input.limits ?? {}),
      json(input.approval_policy ?? null),
      json(session),
    ],
  );
  return toConversation(rows[0]);
}

/** The user's conversation, or undefined when it does not exist or is someone else's. */
export async function getConversation(
  db: Queryable,
  userId: string,
  id: string,
): Promise<Conversation | undefined> {
  const { rows } = await db.query<ConversationViewRow>(
    `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rows[0] && toConversation(rows[0]);
}

/** Whether the conversation exists and is the user's. */
export async function ownsConversation(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM conversations WHERE id = $1 AND user_id = $2', [id, userId]);
  return rows.length > 0;
}

/**
 * Lists the user's conversations, most recently updated first, `limit` per page. `query` keeps those
 * whose title or any message contains it (case-insensitive).
 */
export async function listConversations(
  db: Queryable,
  userId: string,
  options: { limit: number; cursor?: string; query?: string },
): Promise<ConversationPage> {
  const params: unknown[] = [userId, options.limit + 1];
  const where = ['user_id = $1'];
  if (options.cursor) {
    const [updatedAt, id] = decodeCursor(options.cursor);
    params.push(updatedAt, id);
    where.push(`(updated_at, id) < ($${params.length - 1}::timestamptz, $${params.length})`);
  }
  if (options.query) {
    params.push(`%${options.query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
    const p = `$${params.length}`;
    where.push(
      `(title ILIKE ${p} OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = conversations.id AND m.content ILIKE ${p}))`,
    );
  }
  const { rows } = await db.query<ConversationViewRow & { cursor_at: string }>(
    `SELECT ${CONVERSATION_COLUMNS}, updated_at::text AS cursor_at FROM conversations WHERE ${where.join(' AND ')}
     ORDER BY updated_at DESC, id DESC LIMIT $2`,
    params,
  );
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map(toConversation),
    next_cursor: rows.length > options.limit && last ? encodeCursor(last.cursor_at, last.id) : null,
  };
}

/** Applies a partial update; returns the conversation, or undefined when it is not the user's. */
export async function updateConversation(
  db: Queryable,
  userId: string,
  id: string,
  patch: ConversationInput,
): Promise<Conversation | undefined> {
  const sets: string[] = [];
  const params: unknown[] = [id, userId];
  const set = (column: string, value: unknown, cast = '') => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if (patch.title !== undefined) set('title', patch.title);
  if (patch.system_prompt !== undefined) set('system_prompt', patch.system_prompt);
  if (patch.context !== undefined) set('context', json(patch.context), '::jsonb');
  if (patch.model !== undefined) set('model', patch.model);
  if (patch.enabled_tools !== undefined) set('enabled_tools', json(patch.enabled_tools), '::jsonb');
  if (patch.limits !== undefined) set('limits', json(patch.limits), '::jsonb');
  if (patch.approval_policy !== undefined) set('approval_policy', json(patch.approval_policy), '::jsonb');
  const { rows } = await db.query<ConversationViewRow>(
    `UPDATE conversations SET ${[...sets, 'updated_at = now()'].join(', ')}
     WHERE id = $1 AND user_id = $2 RETURNING ${CONVERSATION_COLUMNS}`,
    params,
  );
  return rows[0] && toConversation(rows[0]);
}

/**
 * Deletes the conversation and everything it owns, unless a turn holds it (`busy`); `missing` when it
 * is not the user's.
 */
export async function deleteConversation(
  db: Database,
  userId: string,
  id: string,
): Promise<'deleted' | 'busy' | 'missing'> {
  // The conversation's row goes first (waiting for a turn being committed), then, seeing what that
  // turn wrote, its messages and stream, which carry no foreign key.
  const deleted = await db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `DELETE FROM conversations WHERE id = $1 AND user_id = $2
         AND NOT (lease_owner IS NOT NULL AND lease_expires_at > now())`,
      [id, userId],
    );
    if (rowCount === 0) return false;
    await tx.query('DELETE FROM messages WHERE conversation_id = $1', [id]);
    await tx.query('DELETE FROM stream_chunks WHERE conversation_id = $1', [id]);
    return true;
  });
  if (deleted) return 'deleted';
  return (await ownsConversation(db, userId, id)) ? 'busy' : 'missing';
}

/** A value for a `$n::jsonb` parameter (escapes `jsonb` refuses replaced, see {@link jsonText}). */
export function json(value: unknown): string {
  return jsonText(value);
}

/** The cursor keeps the timestamp as PostgreSQL wrote it (microseconds), so no row is skipped or repeated. */
function encodeCursor(updatedAt: string, id: string): string {
  return Buffer.from(JSON.stringify([updatedAt, id])).toString('base64url');
}

/** Thrown for a cursor that was not made by this API. */
export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError';
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    ) {
      if (/^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(value[0]))
        return [value[0], value[1]];
    }
  } catch {
    // Reported below.
  }
  throw new InvalidCursorError('invalid cursor: pass the next_cursor of a previous page unchanged');
}
