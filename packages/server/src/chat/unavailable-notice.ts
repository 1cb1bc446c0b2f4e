import type { StreamEvent } from '../store/stream-event.ts';
import type { UnavailableServer } from '../upstream/server-registry.ts';

/**
 * The `server_unavailable` event of a turn that went without a server it could not reach (it did not
 * answer within the connect deadline, or failed): which server, why, and what to tell the person.
 */
export function unavailableNotice({ row, reason }: UnavailableServer): StreamEvent {
  return {
    type: 'CUSTOM',
    name: 'server_unavailable',
    value: {
      server: row.name,
      server_id: row.id,
      reason,
      message: `${row.name} is unavailable, so this reply goes without its tools`,
    },
    timestamp: Date.now(),
  };
}
