import type { ServerRow } from '../store/server-store.ts';
import type { StreamEvent } from '../store/stream-event.ts';

/**
 * The `server_needs_authorization` event of a turn that left out an OAuth server the user has not
 * connected: what to tell the person, and the route that starts the connection (a "Connect" button).
 */
export function authorizationNotice(row: Pick<ServerRow, 'id' | 'name'>): StreamEvent {
  return {
    type: 'CUSTOM',
    name: 'server_needs_authorization',
    value: {
      server: row.name,
      server_id: row.id,
      message: `Connect ${row.name} to use its tools`,
      authorize: `/servers/${row.id}/authorize`,
    },
    timestamp: Date.now(),
  };
}
