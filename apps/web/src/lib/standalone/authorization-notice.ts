import type { AgentEvent } from '@switchboard/core';
import type { RemoteMcpStatus } from './remote-mcp-connections.ts';

/**
 * The `server_needs_authorization` event of a remote server waiting for the person's authorization
 * (the gateway's event, with the server's name as its id): the chat shows its "Connect" card.
 */
export function authorizationNotice(server: Pick<RemoteMcpStatus, 'name' | 'error'>): AgentEvent {
  return {
    type: 'CUSTOM',
    name: 'server_needs_authorization',
    value: {
      server_id: server.name,
      server: server.name,
      message: server.error ?? `Connect ${server.name} to use its tools`,
    },
    timestamp: Date.now(),
  } as unknown as AgentEvent;
}
