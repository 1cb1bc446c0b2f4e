import type { Queryable } from '../storage/database.ts';

/** How a call through `/mcp` ended. */
export type EndpointCallStatus =
  | 'ok'
  | 'tool_error'
  | 'failed'
  | 'denied'
  | 'declined'
  | 'refused'
  | 'rate_limited';

/** One row of the `/mcp` audit trail (arguments and results are not kept: they may hold secrets). */
export interface EndpointCallRecord {
  userId: string;
  /** The server's registered name. */
  server: string;
  /** The server's real tool name. */
  tool: string;
  status: EndpointCallStatus;
  elapsedMs: number;
  /** Why the call failed or was refused, when it did. */
  error?: string;
}

/** Appends a call to the audit trail (`mcp_endpoint_calls`). */
export async function auditEndpointCall(db: Queryable, record: EndpointCallRecord): Promise<void> {
  await db.query(
    'INSERT INTO mcp_endpoint_calls (user_id, server, tool, status, elapsed_ms, error) VALUES ($1, $2, $3, $4, $5, $6)',
    [
      record.userId,
      record.server,
      record.tool,
      record.status,
      Math.round(record.elapsedMs),
      record.error?.slice(0, 2000) ?? null,
    ],
  );
}
