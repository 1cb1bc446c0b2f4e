import type { ServerRow } from '../store/server-store.ts';
import type { StreamEvent } from '../store/stream-event.ts';

/** Why a connected server refused a call for too little scope: the tool, and the scope it asked for. */
export interface StepUp {
  tool?: string;
  scope: string;
}

/**
 * The `server_needs_authorization` event of a turn that left out an OAuth server the user has not
 * connected, or whose call a connected server refused: what to tell the person, and the route that
 * starts the connection (a "Connect" button).
 */
export function authorizationNotice(row: Pick<ServerRow, 'id' | 'name'>): StreamEvent {
  return notice(row, `Connect ${row.name} to use its tools`);
}

/**
 * The `server_needs_authorization` event of a call a connected server refused for too little scope
 * (403 `insufficient_scope`): it names the scope the server asked for, which the "Connect" route
 * then asks the user to grant.
 */
export function moreScopeNotice(row: Pick<ServerRow, 'id' | 'name'>, stepUp: StepUp): StreamEvent {
  const forTool = stepUp.tool ? ` for ${stepUp.tool}` : '';
  return notice(
    row,
    `${row.name} needs more access${forTool} (scope "${stepUp.scope}"): connect it again to grant it`,
    { scope: stepUp.scope },
  );
}

function notice(
  row: Pick<ServerRow, 'id' | 'name'>,
  message: string,
  extra: Record<string, unknown> = {},
): StreamEvent {
  return {
    type: 'CUSTOM',
    name: 'server_needs_authorization',
    value: {
      server: row.name,
      server_id: row.id,
      message,
      authorize: `/servers/${row.id}/authorize`,
      ...extra,
    },
    timestamp: Date.now(),
  };
}
