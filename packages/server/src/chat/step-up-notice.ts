import type { AgentEvent, ToolCall } from '@switchboard/core';
import type { ServerRow } from '../store/server-store.ts';
import type { StreamEvent } from '../store/stream-event.ts';
import { authorizationNotice, moreScopeNotice } from './authorization-notice.ts';

/**
 * Watches a turn's tool calls for a server the user had connected that now refuses for lack of
 * authorization (token revoked: 401; more scope needed: 403 `insufficient_scope`), and gives the
 * `server_needs_authorization` notice for it, so the app shows "Connect" rather than only a failed
 * call; for too little scope, the notice names the scope the server asked for. One notice per
 * server and turn.
 */
export function stepUpNotices(servers: readonly Pick<ServerRow, 'id' | 'name'>[]) {
  const noticed = new Set<string>();
  return (event: AgentEvent): StreamEvent | undefined => {
    if (event.type !== 'CUSTOM' || event.name !== 'tool_call') return undefined;
    // core's ToolCall record: `server` it was routed to, `needsAuthorization` when refused for want
    // of it, with the `requiredScope` the server asked for when it had too little.
    const call = event.value as Pick<ToolCall, 'tool' | 'requiredScope'> & {
      server?: unknown;
      needsAuthorization?: unknown;
    };
    if (call.needsAuthorization !== true || typeof call.server !== 'string' || noticed.has(call.server))
      return undefined;
    const row = servers.find((server) => server.name === call.server);
    if (!row) return undefined;
    noticed.add(row.name);
    return call.requiredScope
      ? moreScopeNotice(row, { tool: call.tool, scope: call.requiredScope })
      : authorizationNotice(row);
  };
}
