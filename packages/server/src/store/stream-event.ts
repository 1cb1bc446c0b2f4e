import type { AgentEvent } from '@switchboard/core';

/**
 * CUSTOM events the gateway adds to core's: `user_message` (the user's message is stored: it is
 * acknowledged), `turn_saved` (the turn's messages are committed; sent just before RUN_FINISHED),
 * `server_needs_authorization` (an OAuth server the user has not connected was left out of the
 * turn, or refused a call for want of authorization: `{server, server_id, message, authorize}`, for a
 * "Connect" button, with `scope` when it asked for more scope than granted), `server_unavailable` (a
 * server could not be reached in time and was left out of the turn: `{server, server_id, reason, message}`).
 */
export type GatewayEventName =
  | 'user_message'
  | 'turn_saved'
  | 'server_needs_authorization'
  | 'server_unavailable';

/** One event of a conversation's stream: core's AG-UI events plus the gateway's CUSTOM events. */
export type StreamEvent =
  | AgentEvent
  | { type: 'CUSTOM'; name: GatewayEventName; value: unknown; timestamp: number };

/** A stream event with its id: a per-conversation sequence number, used for `Last-Event-ID`. */
export interface SequencedEvent {
  seq: number;
  event: StreamEvent;
}
