import type { AgentEvent } from '@switchboard/core';

/** Where a "Connect" card stands: waiting for the person, their authorization under way, or done. */
export type ConnectStatus = 'needed' | 'connecting' | 'connected';

/** A server the turn left out until the person connects it (the gateway's `server_needs_authorization`). */
export interface ConnectRequest {
  serverId: string;
  server: string;
  /** The gateway's words for the person, shown as text. */
  message: string;
  /**
   * The scope a connected server refused a call for want of (403 `insufficient_scope`), as the
   * server named it: untrusted, shown as text only (see {@link missingAccessText}).
   */
  scope?: string;
  status: ConnectStatus;
  /** Why the last attempt did not connect, shown as text. */
  problem?: string;
}

/**
 * Folds an agent event into the turn's "Connect" cards: a new run (`RUN_STARTED`) starts with none,
 * each `server_needs_authorization` adds one per server (a repeat, e.g. from a replayed stream, is
 * ignored, unless the card says the server was connected: its authorization ended since, and the card
 * asks again; or the card still waits and the notice names a scope it does not: a call was refused
 * for want of it). Returns a new list, or the same one when the event changes nothing.
 */
export function applyConnectEvent(requests: ConnectRequest[], event: AgentEvent): ConnectRequest[] {
  if (event.type === 'RUN_STARTED') return requests.length > 0 ? [] : requests;
  if (event.type !== 'CUSTOM' || (event.name as string) !== 'server_needs_authorization') return requests;
  const value = (event.value ?? {}) as Record<string, unknown>;
  if (typeof value.server_id !== 'string' || !value.server_id) return requests;
  const scope = scopeOf(value.scope);
  const known = requests.find((request) => request.serverId === value.server_id);
  const learnsScope = known?.status === 'needed' && scope !== undefined && scope !== known.scope;
  if (known && known.status !== 'connected' && !learnsScope) return requests;
  const server = typeof value.server === 'string' && value.server ? value.server : value.server_id;
  const message = typeof value.message === 'string' ? value.message : `Connect ${server} to use its tools`;
  const card: ConnectRequest = {
    serverId: value.server_id,
    server,
    message,
    ...(scope ? { scope } : {}),
    status: 'needed',
  };
  return known ? requests.map((request) => (request === known ? card : request)) : [...requests, card];
}

/** The most characters of a server's scope a card shows. */
const MAX_SCOPE_LENGTH = 200;

/** A notice's `scope`, whitespace-separated scope names as OAuth writes them; undefined when absent or blank. */
function scopeOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const scope = value.trim().replace(/\s+/g, ' ');
  if (!scope) return undefined;
  return scope.length > MAX_SCOPE_LENGTH ? `${scope.slice(0, MAX_SCOPE_LENGTH)}…` : scope;
}

/**
 * What a card says is missing, in plain words: `Needs more access: files:write` (several scopes
 * separated by commas), or undefined when the server named no scope.
 */
export function missingAccessText(request: Pick<ConnectRequest, 'scope'>): string | undefined {
  return request.scope ? `Needs more access: ${request.scope.split(' ').join(', ')}` : undefined;
}

/** The cards with one server's card moved to `status` (and its problem set or cleared). */
export function markConnectRequest(
  requests: ConnectRequest[],
  serverId: string,
  status: ConnectStatus,
  problem?: string,
): ConnectRequest[] {
  return requests.map((request) => {
    if (request.serverId !== serverId) return request;
    const { problem: _previous, ...rest } = request;
    return problem ? { ...rest, status, problem } : { ...rest, status };
  });
}
