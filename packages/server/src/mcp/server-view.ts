import type { McpConnection, McpTransportConfig } from '@switchboard/core/node';
import type { User } from '../auth/user.ts';
import { type ServerRow, usesOAuth } from '../store/server-store.ts';

/** A server's state on this replica. */
export type ServerStatus = 'connected' | 'idle' | 'error' | 'stopped' | 'unavailable';

/** Whether the user must connect a server first: `not_needed` unless it authorizes each user with OAuth. */
export type ServerAuthorization = 'connected' | 'required' | 'not_needed';

/** A registered server as the API shows it (secrets in headers, env and the OAuth client are masked). */
export interface ServerView {
  id: string;
  name: string;
  description: string | null;
  owner: 'deployment' | 'you' | string;
  transport: ServerRow['transport'];
  enabled: boolean;
  status: ServerStatus;
  authorization: ServerAuthorization;
  error?: string;
  tool_count?: number;
  protocol_version?: string;
}

/** What this replica knows of a registration's shared connection. */
export interface ServerState {
  connection?: McpConnection;
  /** The last failure to reach it, until it answers again. */
  error?: string;
  toolCount?: number;
}

/**
 * A registration as the API shows it to `user`: this replica's status of it (`state`), whether the
 * user connected it (`authorized`: the ids of the OAuth servers they did), secrets masked.
 */
export function serverView(
  user: User,
  row: ServerRow,
  state: ServerState | undefined,
  authorized: ReadonlySet<string>,
  builtins?: ReadonlyMap<string, McpTransportConfig>,
): ServerView {
  const info = state?.connection?.info;
  const status = usesOAuth(row) ? (row.enabled ? 'idle' : 'stopped') : statusOf(row, state, builtins);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    owner: row.owner_id === null ? 'deployment' : row.owner_id === user.id ? 'you' : row.owner_id,
    transport: maskSecrets(row.transport),
    enabled: row.enabled,
    status,
    authorization: !usesOAuth(row) ? 'not_needed' : authorized.has(row.id) ? 'connected' : 'required',
    ...(status === 'error' && state?.error ? { error: state.error } : {}),
    ...(info?.protocolVersion ? { protocol_version: info.protocolVersion } : {}),
    ...(state?.toolCount !== undefined ? { tool_count: state.toolCount } : {}),
  };
}

function statusOf(
  row: ServerRow,
  state: ServerState | undefined,
  builtins?: ReadonlyMap<string, McpTransportConfig>,
): ServerStatus {
  if (!row.enabled) return 'stopped';
  if (row.transport.type === 'builtin' && !builtins?.has(row.transport.name)) return 'unavailable';
  if (!state?.connection) return state?.error ? 'error' : 'unavailable';
  if (state.error) return 'error';
  return state.connection.info.status === 'connected' ? 'connected' : 'idle';
}

function maskSecrets(transport: ServerRow['transport']): ServerRow['transport'] {
  const mask = (values?: Record<string, string>) =>
    values && Object.fromEntries(Object.keys(values).map((key) => [key, '***']));
  if (transport.type === 'http' && (transport.headers || transport.oauth?.client_secret)) {
    return {
      ...transport,
      ...(transport.headers ? { headers: mask(transport.headers) } : {}),
      ...(transport.oauth?.client_secret ? { oauth: { ...transport.oauth, client_secret: '***' } } : {}),
    };
  }
  if (transport.type === 'stdio' && transport.env) return { ...transport, env: mask(transport.env) };
  return transport;
}
