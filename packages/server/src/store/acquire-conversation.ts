import type { AgentSessionSnapshot, ChatMessage, ToolResultBlock } from '@switchboard/core';
import type { MessageDraft } from '../messages/api-message.ts';
import { toApiMessages } from '../messages/to-api-messages.ts';
import type { Database } from '../storage/database.ts';
import { abandonApprovals } from './approval-store.ts';
import type { CachedSession } from './cached-session.ts';
import {
  type ClientToolDeclaration,
  type ConversationRow,
  type ConversationStatus,
  parseSession,
} from './conversation.ts';
import {
  ConversationNotFoundError,
  NothingPendingError,
  SessionLimitReachedError,
  TurnAlreadyRunningError,
} from './conversation-errors.ts';
import { interruptedEvent, interruptedSeq, statusOf } from './conversation-lease.ts';
import { json } from './conversation-store.ts';
import { insertMessages, type MessageRow, markUnanswered, rebuildSessionHistory } from './message-store.ts';
import { newId } from './new-id.ts';
import type { SequencedEvent, StreamEvent } from './stream-event.ts';
import { insertStreamEvents } from './stream-event-store.ts';

/** What starting a turn needs. */
export interface AcquireRequest {
  conversationId: string;
  userId: string;
  /** This gateway instance: the lease holder. */
  owner: string;
  runId: string;
  leaseMs: number;
  kind: 'chat' | 'resume';
  /** Chat: the user's message. */
  content?: string;
  /** Chat: the tools the client executes itself for this turn. */
  clientTools?: ClientToolDeclaration[];
  maxSessionToolTurns: number;
  /** This gateway's copy of the session, if it has one: the database then sends the session only when its version differs. */
  cached?: CachedSession;
}

/** A conversation leased for one turn. */
export interface AcquiredTurn {
  row: ConversationRow;
  /** The status before the turn (restored when the turn cannot start after all). */
  previousStatus: ConversationStatus;
  /** Chat: the user's message, stored (acknowledged). */
  userMessage?: MessageRow;
  /** The run's events stored with the lease (the acknowledgement). */
  stored: SequencedEvent[];
  /** Seq of the run's first event. */
  firstSeq: number;
}

/**
 * Leases a conversation for one turn: checks ownership ({@link ConversationNotFoundError} otherwise)
 * and that no live turn holds it ({@link TurnAlreadyRunningError}), closes a turn left behind by a crashed gateway, folds messages stored outside the
 * session into it, settles a suspended step a new message abandons, and — for a chat — stores the
 * user's message and its acknowledgement event ({@link SessionLimitReachedError} when the session has
 * no tool turns left; {@link NothingPendingError} for a resume of a conversation that waits for nothing). Only then is the message acknowledged to the client.
 * The common case (nothing to recover, fold or settle) is one statement; the rest one transaction.
 */
export async function acquireConversation(db: Database, request: AcquireRequest): Promise<AcquiredTurn> {
  const fast = await acquireDirectly(db, request);
  if (fast) return fast;
  return acquireCarefully(db, request);
}

/** The columns of a leased conversation, the session aside (see {@link acquireDirectly}). */
const LEASED_COLUMNS = [
  'id',
  'user_id',
  'title',
  'system_prompt',
  'context',
  'model',
  'enabled_tools',
  'limits',
  'approval_policy',
  'client_tools',
  'session_version',
  'session_message_seq',
  'tool_turns',
  'status',
  'pending',
  'run_id',
  'lease_owner',
  'lease_expires_at',
  'stop_requested',
  'event_seq',
  'created_at',
  'updated_at',
]
  .map((column) => `c.${column}`)
  .join(', ');

/** The user's message, numbered and timed here so one statement can store it and its event. */
interface NewUserMessage {
  id: string;
  content: string;
  createdAt: string;
}

/**
 * The common case in one statement: the conversation is idle (or suspended, for a resume), nothing
 * needs recovering or folding in, and the chat is within the session's limit. Returns undefined when
 * that is not so (the careful path decides); throws when the conversation is not the user's. The
 * session comes back only when the cached copy is not current; the lease leaves indexed columns
 * alone, so PostgreSQL updates the row in place.
 */
async function acquireDirectly(db: Database, request: AcquireRequest): Promise<AcquiredTurn | undefined> {
  const message: NewUserMessage = {
    id: newId('msg'),
    content: request.content ?? '',
    createdAt: new Date().toISOString(),
  };
  const event = userMessageEvent({ id: message.id, content: message.content, created_at: message.createdAt });
  const cached = request.cached;
  const { rows } = await db.query<
    Omit<ConversationRow, 'session'> & {
      session: string | null;
      acquired: number;
      message_seq: number | null;
    }
  >(
    // The row is found by its primary key alone and its owner checked after: a plan PGlite cached while
    // the table was small (it never gathers statistics by itself) could otherwise walk the owner's
    // index, through every conversation of the user.
    `WITH locked AS (
       SELECT * FROM conversations WHERE id = $1 FOR UPDATE
     ), c AS (
       SELECT * FROM locked WHERE user_id = $2
     ), ok AS (
       SELECT c.id FROM c
       WHERE (c.lease_owner IS NULL OR c.lease_expires_at <= now()) AND c.status <> 'running'
         AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.seq > c.session_message_seq)
         AND CASE WHEN $3 = 'chat' THEN c.status = 'idle' AND c.tool_turns < $4::int
               ELSE c.status IN ('awaiting_client_tool', 'awaiting_approval') END
     ), stored_message AS (
       INSERT INTO messages (id, conversation_id, role, content, run_id, created_at)
       SELECT $5, ok.id, 'user', $6, $7, $8::timestamptz FROM ok WHERE $3 = 'chat' RETURNING seq
     ), stored_event AS (
       INSERT INTO stream_chunks (conversation_id, first_seq, last_seq, run_id, events)
       SELECT c.id, c.event_seq + 1, c.event_seq + 1, $7, $9 FROM c JOIN ok ON ok.id = c.id WHERE $3 = 'chat'
     ), leased AS (
       UPDATE conversations SET status = 'running', run_id = $7, lease_owner = $10,
         lease_expires_at = now() + ($11::int * interval '1 millisecond'), stop_requested = false,
         event_seq = event_seq + CASE WHEN $3 = 'chat' THEN 1 ELSE 0 END,
         client_tools = CASE WHEN $3 = 'chat' THEN $12::jsonb ELSE client_tools END
       WHERE id IN (SELECT id FROM ok) RETURNING id
     )
     SELECT ${LEASED_COLUMNS}, CASE WHEN c.session_version = $13 THEN NULL ELSE c.session END AS session,
       (SELECT count(*) FROM leased)::int AS acquired, (SELECT seq FROM stored_message) AS message_seq FROM c`,
    [
      request.conversationId,
      request.userId,
      request.kind,
      request.maxSessionToolTurns,
      message.id,
      message.content,
      request.runId,
      message.createdAt,
      json([event]),
      request.owner,
      request.leaseMs,
      json(request.clientTools ?? []),
      cached?.version ?? -1,
    ],
  );
  const found = rows[0];
  if (!found) throw new ConversationNotFoundError(request.conversationId);
  if (found.acquired === 0) return undefined;
  const stored = found.session ?? cached?.json;
  if (stored === undefined) throw new Error('the database left out a session the gateway does not hold');
  const row = { ...found, session: parseSession(stored) };
  const chat = request.kind === 'chat';
  const seq = row.event_seq + (chat ? 1 : 0);
  const userMessage: MessageRow | undefined = chat
    ? {
        seq: row.message_seq ?? 0,
        id: message.id,
        role: 'user',
        content: message.content,
        tool_calls: null,
        tool_call_id: null,
        name: null,
        is_error: false,
        unanswered: null,
        created_at: new Date(message.createdAt),
      }
    : undefined;
  return {
    row: {
      ...row,
      status: 'running',
      event_seq: seq,
      client_tools: chat ? (request.clientTools ?? []) : row.client_tools,
    },
    previousStatus: statusOf(row.session),
    userMessage,
    stored: chat ? [{ seq, event }] : [],
    firstSeq: chat ? seq : seq + 1,
  };
}

/** Everything else, in one transaction. */
async function acquireCarefully(db: Database, request: AcquireRequest): Promise<AcquiredTurn> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Omit<ConversationRow, 'session'> & { session: string; leased: boolean }>(
      `SELECT *, (lease_owner IS NOT NULL AND lease_expires_at > now()) AS leased
       FROM conversations WHERE id = $1 AND user_id = $2 FOR UPDATE`,
      [request.conversationId, request.userId],
    );
    const found = rows[0];
    if (!found) throw new ConversationNotFoundError(request.conversationId);
    const row = { ...found, session: parseSession(found.session) };
    if (row.leased) throw new TurnAlreadyRunningError(row.id);
    let seq = row.event_seq;
    if (row.status === 'running' && row.run_id) {
      seq = interruptedSeq(seq);
      await insertStreamEvents(tx, row.id, row.run_id, [{ seq, event: interruptedEvent() }]);
      await markUnanswered(tx, row.id, row.run_id, 'interrupted');
    }
    let session = row.session;
    let sessionSeq = row.session_message_seq;
    const { rows: newer } = await tx.query(
      'SELECT 1 FROM messages WHERE conversation_id = $1 AND seq > $2 LIMIT 1',
      [row.id, sessionSeq],
    );
    if (newer.length > 0)
      ({ session, lastSeq: sessionSeq } = await rebuildSessionHistory(tx, row.id, session));
    if (row.session.suspended && (newer.length > 0 || request.kind === 'chat'))
      await abandonApprovals(tx, row.id);
    const previousStatus = statusOf(session);

    const stored: SequencedEvent[] = [];
    let userMessage: MessageRow | undefined;
    if (request.kind === 'chat' && session.suspended) {
      const settled = settleSuspendedStep(session);
      session = settled.session;
      const rows = await insertMessages(tx, row.id, settled.drafts, request.runId);
      sessionSeq = rows.at(-1)?.seq ?? sessionSeq;
    }
    if (request.kind === 'chat') {
      if (session.toolTurns >= request.maxSessionToolTurns)
        throw new SessionLimitReachedError(request.maxSessionToolTurns);
      [userMessage] = await insertMessages(
        tx,
        row.id,
        [{ role: 'user', content: request.content ?? '' }],
        request.runId,
      );
      stored.push({ seq: ++seq, event: userMessageEvent(userMessage) });
      await insertStreamEvents(tx, row.id, request.runId, stored);
    } else if (!session.suspended) {
      throw new NothingPendingError(previousStatus);
    }

    const clientTools = request.kind === 'chat' ? (request.clientTools ?? []) : row.client_tools;
    await tx.query(
      `UPDATE conversations SET status = 'running', run_id = $2, lease_owner = $3,
         lease_expires_at = now() + ($4::int * interval '1 millisecond'), stop_requested = false, event_seq = $5,
         session = $6, session_message_seq = $7, client_tools = $8::jsonb,
         session_version = session_version + 1, pending = CASE WHEN $9 THEN '[]'::jsonb ELSE pending END,
         updated_at = now()
       WHERE id = $1`,
      [
        row.id,
        request.runId,
        request.owner,
        request.leaseMs,
        seq,
        json(session),
        sessionSeq,
        json(clientTools),
        newer.length > 0,
      ],
    );
    return {
      row: {
        ...row,
        session,
        session_version: row.session_version + 1,
        session_message_seq: sessionSeq,
        client_tools: clientTools,
        status: 'running',
        event_seq: seq,
      },
      previousStatus,
      userMessage,
      stored,
      firstSeq: stored[0]?.seq ?? seq + 1,
    };
  });
}

/** The answer given to calls left pending when the user sends a new message instead. */
export const NOT_ANSWERED = 'Error: not run — the user sent a new message instead of answering this call.';

/**
 * Closes a suspended step before a new message: every call gets its known result or a "not run"
 * error, so no tool_use is left without its result. Returns the session and the messages to store.
 */
function settleSuspendedStep(session: AgentSessionSnapshot): {
  session: AgentSessionSnapshot;
  drafts: MessageDraft[];
} {
  const { suspended, ...rest } = session;
  if (!suspended) return { session, drafts: [] };
  const answers: ToolResultBlock[] = suspended.blocks.map(
    (block) =>
      suspended.results[block.id] ?? {
        type: 'tool_result',
        tool_use_id: block.id,
        content: NOT_ANSWERED,
        is_error: true,
      },
  );
  const message: ChatMessage = { role: 'user', content: answers };
  const names = new Map(suspended.blocks.map((block) => [block.id, block.name]));
  return {
    session: { ...rest, messages: [...session.messages, message] },
    drafts: toApiMessages([message], names),
  };
}

function userMessageEvent(
  message: Pick<MessageRow, 'id' | 'content'> & { created_at: Date | string },
): StreamEvent {
  return {
    type: 'CUSTOM',
    name: 'user_message',
    value: {
      id: message.id,
      role: 'user',
      content: message.content,
      timestamp: new Date(message.created_at).toISOString(),
    },
    timestamp: Date.now(),
  };
}
