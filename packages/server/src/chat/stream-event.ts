import type { AgentEvent } from '@switchboard/core';

/**
 * CUSTOM events the gateway adds to core's: `user_message` (the user's message is stored: it is
 * acknowledged), `turn_saved` (the turn's messages are committed; sent just before RUN_FINISHED).
 */
export type GatewayEventName = 'user_message' | 'turn_saved';

/** One event of a conversation's stream: core's AG-UI events plus the gateway's CUSTOM events. */
export type StreamEvent =
  | AgentEvent
  | { type: 'CUSTOM'; name: GatewayEventName; value: unknown; timestamp: number };

/** A stream event with its id: a per-conversation sequence number, used for `Last-Event-ID`. */
export interface SequencedEvent {
  seq: number;
  event: StreamEvent;
}
