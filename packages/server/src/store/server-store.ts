import { sanitizeServerName } from '@switchboard/core';
import type { Database, Queryable } from '../storage/database.ts';
import { json } from './conversation-store.ts';
import { newId } from './new-id.ts';

/**
 * A server that authorizes each user with OAuth (MCP authorization): the gateway keeps every user's
 * tokens apart. Without `client_id` the SDK registers a client (Client ID Metadata Document or
 * dynamic registration); `scopes` are asked for when the server names none.
 */
export interface ServerOAuth {
  client_id?: string;
  client_secret?: string;
  scopes?: string[];
}

/** A directory or repository a server may work in (MCP roots), as the server sees it in `roots/list`. */
export interface ServerRoot {
  uri: string;
  name?: string;
}

/** How the gateway reaches a registered MCP server; `roots` are what it may work in. */
export type ServerTransport =
  | { type: 'http'; url: string; headers?: Record<string, string>; oauth?: ServerOAuth; roots?: ServerRoot[] }
  | {
      type: 'stdio';
      command: string;
      args?: string[];
      env?: Record<string, string>;
      cwd?: string;
      roots?: ServerRoot[];
    }
  | { type: 'builtin'; name: string };

/** A registered MCP server. `owner_id` null: the deployment's, visible to everyone. */
export interface ServerRow {
  id: string;
  name: string;
  owner_id: string | null;
  description: string | null;
  transport: ServerTransport;
  enabled: boolean;
  /** A user's registration an administrator shared with everyone (deployment ones are everyone's anyway). */
  shared: boolean;
  created_at: Date;
  updated_at: Date;
}

/** Whether a server authorizes each user with OAuth (one connection per user, never shared). */
export function usesOAuth(row: Pick<ServerRow, 'transport'>): boolean {
  return row.transport.type === 'http' && row.transport.oauth !== undefined;
}

/** Every registered server, in the order they were registered. */
export async function listServerRows(db: Queryable): Promise<ServerRow[]> {
  const { rows } = await db.query<ServerRow>('SELECT * FROM mcp_servers ORDER BY seq');
  return rows;
}

/**
 * The server name of the gateway's own UI layer (autoui's `widget_display`, `canvas`, recipes and
 * recall) in tool names and approval rules. No registered server may read as it.
 */
export const UI_LAYER_NAME = 'autoui';

/** What registering a server came to: the new row, or the registered name its name collides with. */
export type ServerInsert = { row: ServerRow } | { collidesWith: string };

/** The advisory lock registrations take, so two cannot both find a name free (any constant). */
const REGISTRATION_LOCK = 424_242_015;

/**
 * Registers a server, unless its name is taken or reads as a registered one does where approval
 * rules and tool names see it (`sanitizeServerName`: `Shop`, `shop` and `SHOP!` are all `shop`), so
 * that rules written for one server never cover another; nor may it read as the gateway's own UI
 * layer (`autoui`), which the default policy lets show widgets without asking. Registrations take an advisory lock, so
 * two of them on any replica cannot both find a name free.
 */
export async function insertServer(
  db: Database,
  input: { name: string; ownerId: string | null; description?: string; transport: ServerTransport },
): Promise<ServerInsert> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [REGISTRATION_LOCK]);
    const { rows: registered } = await tx.query<{ name: string }>('SELECT name FROM mcp_servers');
    const reading = sanitizeServerName(input.name);
    if (reading === UI_LAYER_NAME) return { collidesWith: UI_LAYER_NAME };
    const taken =
      registered.find((row) => row.name === input.name) ??
      registered.find((row) => sanitizeServerName(row.name) === reading);
    if (taken) return { collidesWith: taken.name };
    const { rows } = await tx.query<ServerRow>(
      `INSERT INTO mcp_servers (id, name, owner_id, description, transport) VALUES ($1, $2, $3, $4, $5::jsonb)
       RETURNING *`,
      [newId('srv'), input.name, input.ownerId, input.description ?? null, json(input.transport)],
    );
    return { row: rows[0] as ServerRow };
  });
}

/** Registers or updates a deployment server by name (servers from the configuration). */
export async function upsertDeploymentServer(
  db: Queryable,
  input: { name: string; description?: string; transport: ServerTransport },
): Promise<void> {
  await db.query(
    `INSERT INTO mcp_servers (id, name, owner_id, description, transport) VALUES ($1, $2, NULL, $3, $4::jsonb)
     ON CONFLICT (name) DO UPDATE SET description = EXCLUDED.description, transport = EXCLUDED.transport,
       owner_id = NULL, updated_at = now()
     WHERE mcp_servers.transport IS DISTINCT FROM EXCLUDED.transport
        OR mcp_servers.description IS DISTINCT FROM EXCLUDED.description
        OR mcp_servers.owner_id IS NOT NULL`,
    [newId('srv'), input.name, input.description ?? null, json(input.transport)],
  );
}

/**
 * Replaces a server's transport, unless it changed since it was read as `from`. Returns whether it
 * was replaced.
 */
export async function replaceServerTransport(
  db: Queryable,
  id: string,
  from: ServerTransport,
  to: ServerTransport,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE mcp_servers SET transport = $3::jsonb WHERE id = $1 AND transport = $2::jsonb',
    [id, json(from), json(to)],
  );
  return rowCount > 0;
}

/**
 * Marks an HTTP server as one each user authorizes with OAuth (it answered 401 and publishes
 * protected-resource metadata). Returns whether the registration changed.
 */
export async function markServerOAuth(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE mcp_servers SET transport = transport || '{"oauth": {}}'::jsonb
     WHERE id = $1 AND transport->>'type' = 'http' AND NOT (transport ? 'oauth') AND NOT (transport ? 'headers')`,
    [id],
  );
  return rowCount > 0;
}

/** Starts or stops a server (its desired state, followed by every replica). */
export async function setServerEnabled(
  db: Queryable,
  id: string,
  enabled: boolean,
): Promise<ServerRow | undefined> {
  const { rows } = await db.query<ServerRow>(
    'UPDATE mcp_servers SET enabled = $2, updated_at = now() WHERE id = $1 RETURNING *',
    [id, enabled],
  );
  return rows[0];
}

/** Unregisters a server. */
export async function deleteServer(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM mcp_servers WHERE id = $1', [id]);
  return rowCount > 0;
}

/** Shares a registration with every user, or stops sharing it; undefined when it is gone. */
export async function setServerShared(
  db: Queryable,
  id: string,
  shared: boolean,
): Promise<ServerRow | undefined> {
  const { rows } = await db.query<ServerRow>(
    'UPDATE mcp_servers SET shared = $2, updated_at = now() WHERE id = $1 RETURNING *',
    [id, shared],
  );
  return rows[0];
}
