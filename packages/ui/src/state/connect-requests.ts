import type { AgentEvent } from '@switchboard/core';

/** Where a "Connect" card stands: waiting for the person, their authorization under way, or done. */
export type ConnectStatus = 'needed' | 'connecting' | 'connected';

/** A server the turn left out until the person connects it (the gateway's `server_needs_authorization`). */
export interface ConnectRequest {
  serverId: string;
  server: string;
  /** The gateway's words for the person, shown as text. */
  message: string;
  status: ConnectStatus;
  /** Why the last attempt did not connect, shown as text. */
  problem?: string;
}

/**
 * Folds an agent event into the turn's "Connect" cards: a new run (`RUN_STARTED`) starts with none,
 * each `server_needs_authorization` adds one per server (a repeat, e.g. from a replayed stream, is
 * ignored, unless the card says the server was connected: its authorization ended since, and the card
 * asks again). Returns a new list, or the same one when the event changes nothing.
 */
export function applyConnectEvent(requests: ConnectRequest[], event: AgentEvent): ConnectRequest[] {
  if (event.type === 'RUN_STARTED') return requests.length > 0 ? [] : requests;
  if (event.type !== 'CUSTOM' || (event.name as string) !== 'server_needs_authorization') return requests;
  const value = (event.value ?? {}) as Record<string, unknown>;
  if (typeof value.server_id !== 'string' || !value.server_id) return requests;
  const known = requests.find((request) => request.serverId === value.server_id);
  if (known && known.status !== 'connected') return requests;
  const server = typeof value.server === 'string' && value.server ? value.server : value.server_id;
  const message = typeof value.message === 'string' ? value.message : `Connect ${server} to use its tools`;
  const card: ConnectRequest = { serverId: value.server_id, server, message, status: 'needed' };
  return known ? requests.map((request) => (request === known ? card : request)) : [...requests, card];
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
