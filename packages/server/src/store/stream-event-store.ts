import type { SequencedEvent } from '../chat/stream-event.ts';
import type { Queryable } from '../storage/database.ts';
import { json } from './conversation-store.ts';

/** Stores numbered events of a run with one statement. */
export async function insertStreamEvents(
  db: Queryable,
  conversationId: string,
  runId: string,
  events: readonly SequencedEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db.query(
    `INSERT INTO stream_events (conversation_id, seq, run_id, event)
     SELECT $1, (e->>'seq')::bigint, $2, e->'event' FROM jsonb_array_elements($3::jsonb) AS e`,
    [conversationId, runId, json(events)],
  );
}

/** A conversation's stored events after `afterSeq`, in order, at most `limit`. */
export async function readStreamEvents(
  db: Queryable,
  conversationId: string,
  afterSeq: number,
  limit: number,
): Promise<SequencedEvent[]> {
  const { rows } = await db.query<SequencedEvent>(
    'SELECT seq, event FROM stream_events WHERE conversation_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
    [conversationId, afterSeq, limit],
  );
  return rows;
}
