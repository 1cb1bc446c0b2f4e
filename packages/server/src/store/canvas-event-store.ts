import type { Queryable } from '../storage/database.ts';

/** A stored canvas event: a widget shown or a canvas action taken by a turn. */
export interface CanvasEventRow {
  id: number;
  run_id: string;
  kind: string;
  payload: unknown;
  created_at: Date;
}

/**
 * A page of a conversation's canvas events in the order they happened: at most `limit`, after the
 * event `after` when given; `more` says whether later events exist.
 */
export async function listCanvasEvents(
  db: Queryable,
  conversationId: string,
  page: { after?: number; limit: number },
): Promise<{ rows: CanvasEventRow[]; more: boolean }> {
  const { rows } = await db.query<CanvasEventRow>(
    `SELECT id, run_id, kind, payload, created_at FROM canvas_events
     WHERE conversation_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
    [conversationId, page.after ?? 0, page.limit + 1],
  );
  return { rows: rows.slice(0, page.limit), more: rows.length > page.limit };
}
