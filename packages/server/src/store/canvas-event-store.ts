import type { Queryable } from '../storage/database.ts';

/** A stored canvas event: a widget shown or a canvas action taken by a turn. */
export interface CanvasEventRow {
  id: number;
  run_id: string;
  kind: string;
  payload: unknown;
  created_at: Date;
}

/** A conversation's canvas events in the order they happened. */
export async function listCanvasEvents(db: Queryable, conversationId: string): Promise<CanvasEventRow[]> {
  const { rows } = await db.query<CanvasEventRow>(
    'SELECT id, run_id, kind, payload, created_at FROM canvas_events WHERE conversation_id = $1 ORDER BY id',
    [conversationId],
  );
  return rows;
}
