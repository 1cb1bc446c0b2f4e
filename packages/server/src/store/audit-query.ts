import type { Queryable } from '../storage/database.ts';
import type { CallPath, EndpointCallStatus } from './endpoint-call-record.ts';

/** Which rows of the audit trail to read: each field narrows it; a page ends before `before`. */
export interface AuditFilter {
  userId?: string;
  /** The server's registered name. */
  server?: string;
  tool?: string;
  via?: CallPath;
  outcome?: EndpointCallStatus;
  /** ISO instant, inclusive. */
  start?: string;
  /** ISO instant, exclusive. */
  end?: string;
  /** The `next_cursor` of the page before. */
  before?: string;
  limit: number;
}

/** One tool call in the audit trail, as administrators read it (never its arguments or result). */
export interface AuditRow {
  id: string;
  user_id: string;
  /** The user's name (absent when the user was deleted). */
  user_name: string | null;
  via: CallPath;
  server: string;
  tool: string;
  outcome: EndpointCallStatus;
  elapsed_ms: number;
  /** Why it failed or was refused. */
  error: string | null;
  created_at: string;
}

/** A page of the audit trail, newest first, and the cursor of the next (older) page when there is one. */
export async function readAuditTrail(
  db: Queryable,
  filter: AuditFilter,
): Promise<{ items: AuditRow[]; next_cursor: string | null }> {
  const { rows } = await db.query<AuditRow>(
    `SELECT c.id::text AS id, c.user_id, u.name AS user_name, c.via, c.server, c.tool, c.status AS outcome,
       c.elapsed_ms, c.error, to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
     FROM mcp_endpoint_calls c LEFT JOIN users u ON u.id = c.user_id
     WHERE ($1::text IS NULL OR c.user_id = $1) AND ($2::text IS NULL OR c.server = $2)
       AND ($3::text IS NULL OR c.tool = $3) AND ($4::text IS NULL OR c.via = $4)
       AND ($5::text IS NULL OR c.status = $5)
       AND ($6::timestamptz IS NULL OR c.created_at >= $6) AND ($7::timestamptz IS NULL OR c.created_at < $7)
       AND ($8::bigint IS NULL OR c.id < $8)
     ORDER BY c.id DESC LIMIT $9`,
    [
      filter.userId ?? null,
      filter.server ?? null,
      filter.tool ?? null,
      filter.via ?? null,
      filter.outcome ?? null,
      filter.start ?? null,
      filter.end ?? null,
      filter.before ?? null,
      filter.limit + 1,
    ],
  );
  const items = rows.slice(0, filter.limit);
  return { items, next_cursor: rows.length > filter.limit ? (items.at(-1)?.id ?? null) : null };
}
