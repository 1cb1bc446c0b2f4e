import type { McpConnection, McpTransportConfig } from '@switchboard/core/node';
import type { User } from '../auth/user.ts';
import { type ServerRow, usesOAuth } from '../store/server-store.ts';
import { canManageServer } from './server-access.ts';

/** A server's state on this replica. */
export type ServerStatus = 'connected' | 'idle' | 'error' | 'stopped' | 'unavailable';

/** Whether the user must connect a server first: `not_needed` unless it authorizes each user with OAuth. */
export type ServerAuthorization = 'connected' | 'required' | 'not_needed';

/**
 * A registered server as the API shows it: secrets in headers, env and the OAuth client masked for
 * everyone; a stdio server's arguments and working directory, and a URL's query values, only to
 * those who manage it (they often carry tokens and paths).
 */
export interface ServerView {
  id: string;
  name: string;
  description: string | null;
  owner: 'deployment' | 'you' | string;
  transport: ServerRow['transport'];
  enabled: boolean;
  /** Shared with every user by an administrator (a user's server; deployment ones are everyone's). */
  shared: boolean;
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
  const manages = canManageServer(user, row);
  const error = state?.error && (manages ? state.error : withoutDetails(state.error, row.transport));
  const status = usesOAuth(row) ? (row.enabled ? 'idle' : 'stopped') : statusOf(row, state, builtins);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    owner: row.owner_id === null ? 'deployment' : row.owner_id === user.id ? 'you' : row.owner_id,
    transport: manages ? maskSecrets(row.transport) : maskDetails(maskSecrets(row.transport)),
    enabled: row.enabled,
    shared: row.shared,
    status,
    authorization: !usesOAuth(row) ? 'not_needed' : authorized.has(row.id) ? 'connected' : 'required',
    ...(status === 'error' && error ? { error } : {}),
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

/** An error as non-managers see it: any argument, directory or query value it quotes masked. */
function withoutDetails(error: string, transport: ServerRow['transport']): string {
  const hidden =
    transport.type === 'stdio'
      ? [...(transport.args ?? []), ...(transport.cwd ? [transport.cwd] : [])]
      : transport.type === 'http' && URL.canParse(transport.url)
        ? [...new URL(transport.url).searchParams.values()]
        : [];
  return hidden
    .filter((value) => value.length >= 3)
    .reduce((text, value) => text.split(value).join('***'), error);
}

/** What only managers see: a stdio server's arguments and directory, a URL's query values. */
function maskDetails(transport: ServerRow['transport']): ServerRow['transport'] {
  if (transport.type === 'stdio') {
    const { args, cwd, ...rest } = transport;
    return {
      ...rest,
      ...(args?.length ? { args: args.map(() => '***') } : {}),
      ...(cwd ? { cwd: '***' } : {}),
    };
  }
  if (transport.type !== 'http' || !URL.canParse(transport.url)) return transport;
  const url = new URL(transport.url);
  if (url.search === '') return transport;
  for (const key of [...url.searchParams.keys()]) url.searchParams.set(key, '***');
  return { ...transport, url: url.href };
}
