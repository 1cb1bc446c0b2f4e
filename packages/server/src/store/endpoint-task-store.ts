import type { Queryable } from '../storage/database.ts';
import { json } from './conversation-store.ts';

/** Where a task is (the tasks extension, SEP-2663): running, waiting for its client, or ended. */
export type EndpointTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A tool call `/mcp` runs as a task for a user, as stored (every replica reads it). */
export interface EndpointTask {
  id: string;
  userId: string;
  /** The endpoint tool's name (`{server}_{tool}`) and the arguments it was called with. */
  tool: string;
  arguments: Record<string, unknown>;
  /** The client capabilities its call declared, passed on to the server in each round. */
  clientCapabilities: Record<string, unknown>;
  status: EndpointTaskStatus;
  statusMessage?: string;
  /** While `input_required`: the server's questions, as the client is asked them. */
  inputRequests?: Record<string, unknown>;
  /** While `input_required`: what the next round needs (the server's state, what was asked). */
  relay?: Record<string, unknown>;
  /** Once `completed`: the tool's result. */
  result?: Record<string, unknown>;
  /** Once `failed`: the JSON-RPC error the call ended with. */
  error?: { code: number; message: string; data?: unknown };
  /** ISO 8601. */
  createdAt: string;
  lastUpdatedAt: string;
  /** Epoch ms; the task is forgotten afterwards. */
  expiresAt: number;
}

/** A change of a task's status, with what the new status carries. */
export type EndpointTaskChange = Pick<EndpointTask, 'status'> &
  Partial<Pick<EndpointTask, 'statusMessage' | 'inputRequests' | 'relay' | 'result' | 'error'>>;

interface TaskRow {
  id: string;
  user_id: string;
  tool: string;
  arguments: string;
  client_capabilities: string;
  status: EndpointTaskStatus;
  status_message: string | null;
  input_requests: string | null;
  relay: string | null;
  result: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  expires_ms: string | number;
}

const COLUMNS = `id, user_id, tool, arguments, client_capabilities, status, status_message, input_requests,
  relay, result, error,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
  floor(extract(epoch FROM expires_at) * 1000) AS expires_ms`;

/**
 * Stores a new task, `working`, kept for `ttlMs`; resolves once it is stored (a `tasks/get` for it
 * finds it on every replica). Drops the expired tasks of any user on the way.
 */
export async function createEndpointTask(
  db: Queryable,
  task: Pick<EndpointTask, 'id' | 'userId' | 'tool' | 'arguments' | 'clientCapabilities'> & { ttlMs: number },
): Promise<EndpointTask> {
  await db.query('DELETE FROM mcp_tasks WHERE expires_at < now()');
  const { rows } = await db.query<TaskRow>(
    `INSERT INTO mcp_tasks (id, user_id, tool, arguments, client_capabilities, status, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'working', now() + $6 * interval '1 millisecond')
     RETURNING ${COLUMNS}`,
    [task.id, task.userId, task.tool, json(task.arguments), json(task.clientCapabilities), task.ttlMs],
  );
  return toTask(rows[0] as TaskRow);
}

/** The user's task with this id, while it is kept; undefined for another user's, an unknown or an expired one. */
export async function getEndpointTask(
  db: Queryable,
  userId: string,
  id: string,
): Promise<EndpointTask | undefined> {
  const { rows } = await db.query<TaskRow>(
    `SELECT ${COLUMNS} FROM mcp_tasks WHERE id = $1 AND user_id = $2 AND expires_at > now()`,
    [id, userId],
  );
  return rows[0] ? toTask(rows[0]) : undefined;
}

/**
 * Moves a task to a new status, only from one of `from` (so a cancelled or finished task stays so,
 * and of two replicas taking the same step one does). Resolves with whether it moved.
 */
export async function changeEndpointTask(
  db: Queryable,
  id: string,
  from: readonly EndpointTaskStatus[],
  change: EndpointTaskChange,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE mcp_tasks
     SET status = $3, status_message = $4, input_requests = $5, relay = $6, result = $7, error = $8,
         updated_at = now()
     WHERE id = $1 AND status IN (SELECT jsonb_array_elements_text($2::jsonb)) AND expires_at > now()`,
    [
      id,
      json(from),
      change.status,
      change.statusMessage ?? null,
      change.inputRequests ? json(change.inputRequests) : null,
      change.relay ? json(change.relay) : null,
      change.result ? json(change.result) : null,
      change.error ? json(change.error) : null,
    ],
  );
  return rowCount > 0;
}

function toTask(row: TaskRow): EndpointTask {
  const parsed = (text: string | null) => (text === null ? undefined : JSON.parse(text));
  return {
    id: row.id,
    userId: row.user_id,
    tool: row.tool,
    arguments: JSON.parse(row.arguments),
    clientCapabilities: JSON.parse(row.client_capabilities),
    status: row.status,
    ...(row.status_message !== null ? { statusMessage: row.status_message } : {}),
    ...(row.input_requests !== null ? { inputRequests: parsed(row.input_requests) } : {}),
    ...(row.relay !== null ? { relay: parsed(row.relay) } : {}),
    ...(row.result !== null ? { result: parsed(row.result) } : {}),
    ...(row.error !== null ? { error: parsed(row.error) } : {}),
    createdAt: row.created_at,
    lastUpdatedAt: row.updated_at,
    expiresAt: Number(row.expires_ms),
  };
}
