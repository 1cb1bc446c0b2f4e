import type { Queryable } from '../storage/database.ts';
import { json } from './conversation-store.ts';
import type { SequencedEvent, StreamEvent } from './stream-event.ts';

/**
 * A run's consecutive events as stored: one row of `stream_chunks`, the events of seq `first_seq`,
 * `first_seq + 1`, … in a JSON array (text: only the gateway reads it).
 */
export interface StreamChunk {
  first_seq: number;
  events: string;
}

/**
 * The parameters for storing `events` as one chunk: first seq, last seq and the JSON array of
 * events. Throws when the seqs are not consecutive (a chunk numbers its events by position).
 */
export function chunkOf(events: readonly SequencedEvent[]): { first: number; last: number; events: string } {
  const first = events[0].seq;
  events.forEach((event, index) => {
    if (event.seq !== first + index)
      throw new Error(
        `stream events must be numbered consecutively (${event.seq} after ${first + index - 1})`,
      );
  });
  return { first, last: first + events.length - 1, events: json(events.map((event) => event.event)) };
}

/**
 * Stores consecutive numbered events of a run with one statement, as one chunk — unless the
 * conversation is gone (the table has no foreign key: the check is this statement's).
 */
export async function insertStreamEvents(
  db: Queryable,
  conversationId: string,
  runId: string,
  events: readonly SequencedEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const chunk = chunkOf(events);
  await db.query(
    `INSERT INTO stream_chunks (conversation_id, first_seq, last_seq, run_id, events)
     SELECT id, $2, $3, $4, $5 FROM conversations WHERE id = $1 FOR KEY SHARE`,
    [conversationId, chunk.first, chunk.last, runId, chunk.events],
  );
}

/**
 * Where a conversation's stream starts for a client that names no event: just before the first
 * stored event of the running turn, or after the last event when no turn has stored any.
 */
export async function currentRunStart(db: Queryable, conversationId: string): Promise<number> {
  const { rows } = await db.query<{ event_seq: number; first: number | null }>(
    `SELECT c.event_seq, (SELECT min(first_seq) FROM stream_chunks e WHERE e.conversation_id = c.id AND e.run_id = c.run_id) AS first
     FROM conversations c WHERE c.id = $1`,
    [conversationId],
  );
  const row = rows[0];
  return row.first === null ? row.event_seq : row.first - 1;
}

/** A conversation's stored events after `afterSeq`, in order, at most `limit`. */
export async function readStreamEvents(
  db: Queryable,
  conversationId: string,
  afterSeq: number,
  limit: number,
): Promise<SequencedEvent[]> {
  if (limit <= 0) return [];
  const { rows } = await db.query<StreamChunk>(
    `SELECT first_seq, events FROM stream_chunks WHERE conversation_id = $1 AND last_seq > $2
     ORDER BY last_seq LIMIT $3`,
    [conversationId, afterSeq, limit],
  );
  const events: SequencedEvent[] = [];
  for (const chunk of rows) {
    (JSON.parse(chunk.events) as StreamEvent[]).forEach((event, index) => {
      const seq = chunk.first_seq + index;
      if (seq > afterSeq && events.length < limit) events.push({ seq, event });
    });
  }
  return events;
}

/** The seq of a run's first stored event (its acknowledgement), or 1 past the stream's end when it stored none. */
export async function runStart(db: Queryable, conversationId: string, runId: string): Promise<number> {
  const { rows } = await db.query<{ first: number | null; event_seq: number }>(
    `SELECT (SELECT min(first_seq) FROM stream_chunks WHERE conversation_id = $1 AND run_id = $2) AS first,
       event_seq FROM conversations WHERE id = $1`,
    [conversationId, runId],
  );
  const row = rows[0];
  return row?.first ?? (row?.event_seq ?? 0) + 1;
}
